// Uniquely named categories, products, vouchers and users for a test file. Each
// integration file has a database of its own, so nothing needs removing after.
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/infra/db';

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
  let counter = 0;
  const next = () => ++counter;

  async function category() {
    const row = await db().category.create({ data: { name: `${label} ${suffix} ${next()}` } });
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
    return row;
  }

  async function voucher(input: VoucherInput) {
    const code = `${label}-${suffix}-${next()}`.toUpperCase();
    const common = {
      code,
      customerEmail: `voucher-${suffix}@example.com`,
      type: input.type,
      usageType: input.usageType,
      expiresAt: input.expiresAt ?? null,
      status: input.status ?? 'active',
    };
    const data =
      'basisPoints' in input
        ? { ...common, valueBasisPoints: input.basisPoints }
        : 'valueCents' in input
          ? { ...common, valueCents: input.valueCents }
          : { ...common, valueCents: input.balanceCents, originalBalanceCents: input.balanceCents, currentBalanceCents: input.balanceCents };
    const row = await db().voucher.create({ data });
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
    return row;
  }

  return { suffix, category, product, voucher, user };
}

/** Every promise's outcome, split into values and errors. */
export async function settle<T>(promises: Promise<T>[]): Promise<{ ok: T[]; failed: unknown[] }> {
  const results = await Promise.allSettled(promises);
  return {
    ok: results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    failed: results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : [])),
  };
}
