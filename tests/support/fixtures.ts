// Rows a test file owns in the shared integration database: uniquely named
// categories, products, vouchers and users, and everything hanging off them,
// removed again by `cleanup()` so files that count rows are not disturbed.
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/infra/db';
import { deleteQueuedJobs } from './jobs';

type ProductInput = {
  title?: string;
  priceCents: number;
  onSale?: boolean;
  salePriceCents?: number | null;
  saleStart?: Date | null;
  saleEnd?: Date | null;
  isBundle?: boolean;
  deletedAt?: Date | null;
  files?: { storageKey: string; originalFilename: string; contentType?: string }[];
  bundleOf?: string[];
};

type VoucherInput =
  | { type: 'percentage'; usageType: 'reusable' | 'one_time'; basisPoints: number; expiresAt?: Date | null; status?: string }
  | { type: 'fixed_amount'; usageType: 'one_time'; valueCents: number; expiresAt?: Date | null; status?: string }
  | { type: 'fixed_amount'; usageType: 'reusable'; balanceCents: number; expiresAt?: Date | null; status?: string };

export function createFixtures(label: string) {
  const suffix = randomBytes(4).toString('hex');
  const owned = { categories: [] as string[], products: [] as string[], vouchers: [] as string[], users: [] as string[] };
  let counter = 0;
  const next = () => ++counter;

  async function category() {
    const row = await db().category.create({ data: { name: `${label} ${suffix} ${next()}` } });
    owned.categories.push(row.id);
    return row;
  }

  async function product(input: ProductInput) {
    const n = next();
    const row = await db().product.create({
      data: {
        title: input.title ?? `${label} product ${suffix} ${n}`,
        priceCents: input.priceCents,
        onSale: input.onSale ?? false,
        salePriceCents: input.salePriceCents ?? null,
        saleStart: input.saleStart ?? null,
        saleEnd: input.saleEnd ?? null,
        isBundle: input.isBundle ?? false,
        deletedAt: input.deletedAt ?? null,
        files: { create: (input.files ?? []).map((f, position) => ({ ...f, position })) },
        bundleItems: { create: (input.bundleOf ?? []).map((productId, position) => ({ productId, position })) },
      },
    });
    owned.products.push(row.id);
    return row;
  }

  async function voucher(input: VoucherInput) {
    const code = `${label}-${suffix}-${next()}`.toUpperCase();
    const common = { code, customerEmail: `voucher-${suffix}@example.com`, type: input.type, usageType: input.usageType, expiresAt: input.expiresAt ?? null, status: input.status ?? 'active' };
    const data =
      'basisPoints' in input
        ? { ...common, valueBasisPoints: input.basisPoints }
        : 'valueCents' in input
          ? { ...common, valueCents: input.valueCents }
          : { ...common, valueCents: input.balanceCents, originalBalanceCents: input.balanceCents, currentBalanceCents: input.balanceCents };
    const row = await db().voucher.create({ data });
    owned.vouchers.push(row.id);
    return row;
  }

  async function user(options: { membershipEndsAt?: Date; membershipStatus?: string } = {}) {
    const n = next();
    const row = await db().user.create({
      data: {
        email: `${label.toLowerCase()}-${suffix}-${n}@example.com`,
        name: `Tester ${n}`,
        passwordHash: 'not-a-real-hash',
        ...(options.membershipEndsAt
          ? { membership: { create: { planInterval: 'month', status: options.membershipStatus ?? 'active', currentPeriodEnd: options.membershipEndsAt } } }
          : {}),
      },
    });
    owned.users.push(row.id);
    return row;
  }

  /** Orders that touch anything this file created. */
  function ownedOrders() {
    return db().order.findMany({
      where: { OR: [{ items: { some: { productId: { in: owned.products } } } }, { voucherId: { in: owned.vouchers } }, { userId: { in: owned.users } }] },
      select: { id: true, customerEmail: true },
    });
  }

  async function cleanup() {
    const orders = await ownedOrders();
    const orderIds = orders.map((o) => o.id);
    const recipients = orders.flatMap((o) => (o.customerEmail ? [o.customerEmail] : []));
    await db().outboxEmail.deleteMany({ where: { to: { in: recipients } } });
    await deleteQueuedJobs('order-email', 'orderId', orderIds);
    await db().emailLog.deleteMany({ where: { orderId: { in: orderIds } } });
    await db().order.deleteMany({ where: { id: { in: orderIds } } });
    await db().voucher.deleteMany({ where: { id: { in: owned.vouchers } } });
    await db().bundleItem.deleteMany({ where: { bundleId: { in: owned.products } } });
    await db().product.deleteMany({ where: { id: { in: owned.products } } });
    await db().category.deleteMany({ where: { id: { in: owned.categories } } });
    await db().user.deleteMany({ where: { id: { in: owned.users } } });
  }

  return { suffix, category, product, voucher, user, cleanup };
}

/** Every promise's outcome, split into values and errors. */
export async function settle<T>(promises: Promise<T>[]): Promise<{ ok: T[]; failed: unknown[] }> {
  const results = await Promise.allSettled(promises);
  return {
    ok: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    failed: results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : [])),
  };
}
