// A shop in test payment mode for the licence suites: checkout by licence
// tier, paid on the test payment page, and the licence a line issued, read
// back as the domain derives it. The modules load after the calling file has
// pointed SITE_URL and the database at its own.
import { randomBytes } from 'node:crypto';

export async function licenceShop(siteUrl: string) {
  const [checkout, orders, refunds, licences, invoices, downloads, storage, db] = await Promise.all([
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
    import('@/lib/domain/refunds'),
    import('@/lib/domain/licences'),
    import('@/lib/domain/invoices'),
    import('@/lib/domain/downloads'),
    import('@/lib/infra/storage'),
    import('@/lib/infra/db'),
  ]);
  const app = { ...checkout, ...orders, ...refunds, ...licences, ...invoices, ...downloads, ...storage, db: db.db };

  type Line = { productId: string; licence?: string; upgradeLicenceId?: string };

  async function buy(items: Line[], options: { userId?: string | null; holderName?: string; discountCode?: string } = {}) {
    const email = `lic-${randomBytes(4).toString('hex')}@example.com`;
    const result = await app.createCheckout({
      items,
      userId: options.userId ?? null,
      customerEmail: email,
      holderName: options.holderName,
      discountCode: options.discountCode ?? null,
      siteUrl,
    });
    const pending = await app.db().order.findUniqueOrThrow({ where: { sessionId: result.sessionId }, include: { items: true } });
    if (!result.freeCheckout) await app.completeTestPayment(result.sessionId, null);
    return { ...result, order: pending, email };
  }

  const licenceOf = async (sessionId: string, productId: string) => {
    const row = await app.db().licence.findFirstOrThrow({ where: { orderItem: { productId, order: { sessionId } } } });
    return (await app.getLicence(row.id))!;
  };
  const tierKey = async (tierId: string) => (await app.db().licenceTier.findUniqueOrThrow({ where: { id: tierId } })).key;

  await app.ensureBuckets();
  return { app, buy, licenceOf, tierKey };
}

/** A rejected promise's code and message (null when it resolved). */
export const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
  );
