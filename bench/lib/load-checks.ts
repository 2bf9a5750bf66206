// What a load scenario asserts afterwards, from the outside: rows in Postgres
// (read with plain pg, not the shop's own code) and messages in the SMTP
// catcher's directory. Each check prints one line and counts towards the
// run's "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaughtMail } from '../../scripts/lib/mail-catcher';
import type { CheckoutOutcome } from './load-shopper';
import { sleep } from './load-http';
import { query } from '../../scripts/lib/pg-query';

export { query };

export type Check = { name: string; ok: boolean; detail: string };

export class Checks {
  readonly list: Check[] = [];
  constructor(private readonly scenario: string) {}

  check(name: string, ok: boolean, detail = ''): boolean {
    this.list.push({ name: `${this.scenario}: ${name}`, ok, detail });
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
    return ok;
  }
}

export function readInbox(dir: string): CaughtMail[] {
  return readdirSync(dir)
    .filter((f) => /^\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CaughtMail);
}

/** Messages per recipient among `addresses`, waiting up to `timeoutMs` for each to have at least one. */
export async function waitForMail(dir: string, addresses: string[], timeoutMs: number): Promise<Map<string, number>> {
  const wanted = new Set(addresses.map((a) => a.toLowerCase()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = new Map<string, number>();
    for (const mail of readInbox(dir)) {
      for (const to of mail.to) {
        const address = to.toLowerCase();
        if (wanted.has(address)) counts.set(address, (counts.get(address) ?? 0) + 1);
      }
    }
    if (counts.size >= wanted.size || Date.now() > deadline) return counts;
    await sleep(500);
  }
}

type OrderRow = { sessionId: string; status: string; fulfilled: boolean; customerEmail: string | null; items: number; emailJobs: number };

/**
 * Orders against what the shoppers saw: one order per opened checkout, none
 * extra, every paid checkout fulfilled with its items, one email job and one
 * email per fulfilled order.
 */
export async function verifyCheckouts(options: {
  checks: Checks;
  databaseUrl: string;
  mailDir: string;
  runTag: string;
  outcomes: CheckoutOutcome[];
  mailWaitMs?: number;
}): Promise<{ orders: number; fulfilled: number; emails: number }> {
  const { checks, outcomes } = options;
  const opened = outcomes.filter((o) => o.sessionId);
  const rows = await query<OrderRow>(
    options.databaseUrl,
    `SELECT o."sessionId", o.status, o."fulfilledAt" IS NOT NULL AS fulfilled, o."customerEmail",
            (SELECT count(*)::int FROM "OrderItem" i WHERE i."orderId" = o.id) AS items,
            (SELECT count(*)::int FROM pgboss.job j WHERE j.name = 'order-email' AND j.data->>'orderId' = o.id) AS "emailJobs"
       FROM "Order" o
      WHERE o."sessionId" = ANY($1) OR o."customerEmail" LIKE $2`,
    [opened.map((o) => o.sessionId), `load-${options.runTag}-%`],
  );
  const bySession = new Map(rows.map((r) => [r.sessionId, r]));
  const openedIds = new Set(opened.map((o) => o.sessionId as string));
  const lost = opened.filter((o) => !bySession.has(o.sessionId as string));
  const stray = rows.filter((r) => !openedIds.has(r.sessionId));
  checks.check(
    'every opened checkout has its order, none extra',
    lost.length === 0 && stray.length === 0,
    `${opened.length} opened, ${rows.length} orders, ${lost.length} lost, ${stray.length} without a checkout`,
  );

  const paid = outcomes.filter((o) => o.reached === 'paid' || o.reached === 'confirmed');
  const unpaid = paid.filter((o) => !bySession.get(o.sessionId as string)?.fulfilled);
  checks.check('every completed payment is a fulfilled order', unpaid.length === 0, `${paid.length} completed, ${unpaid.length} not fulfilled`);

  const wrongItems = opened.filter((o) => bySession.get(o.sessionId as string)?.items !== o.productIds.length);
  checks.check('every order has all its items', wrongItems.length === 0, `${wrongItems.length} of ${opened.length} with a wrong item count`);

  const fulfilled = rows.filter((r) => r.fulfilled);
  const badJobs = fulfilled.filter((r) => r.emailJobs !== 1);
  checks.check('one email job per fulfilled order', badJobs.length === 0, `${fulfilled.length} fulfilled, ${badJobs.length} with ≠ 1 job`);

  const addresses = fulfilled.map((r) => r.customerEmail ?? '');
  const counts = await waitForMail(options.mailDir, addresses, options.mailWaitMs ?? 60_000);
  const missing = addresses.filter((a) => !counts.get(a.toLowerCase()));
  const doubled = [...counts.values()].filter((c) => c > 1).length;
  const emails = [...counts.values()].reduce((a, b) => a + b, 0);
  checks.check(
    'one order email per fulfilled order in the mail catcher',
    missing.length === 0 && doubled === 0,
    `${emails} emails for ${fulfilled.length} orders, ${missing.length} missing, ${doubled} duplicated`,
  );
  return { orders: rows.length, fulfilled: fulfilled.length, emails };
}

/** Invariants no crash may break, for orders created since `since`: whole, fulfilment complete, voucher reservations consistent (and every gift card's balance). */
export async function verifyIntegrity(checks: Checks, databaseUrl: string, since: Date): Promise<void> {
  const [row] = await query<Record<string, number>>(
    databaseUrl,
    `SELECT
       (SELECT count(*)::int FROM "Order" o WHERE o."createdAt" >= $1 AND o.kind = 'payment' AND NOT EXISTS (SELECT 1 FROM "OrderItem" i WHERE i."orderId" = o.id)) AS "ordersWithoutItems",
       (SELECT count(*)::int FROM "Order" o WHERE o."createdAt" >= $1 AND (o.status = 'complete') <> (o."fulfilledAt" IS NOT NULL)) AS "halfFulfilled",
       -- A checkout cut off before its payment session was recorded stays open only until its lapse job closes it.
       (SELECT count(*)::int FROM "Order" o WHERE o."createdAt" >= $1 AND o.status = 'open'
           AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'order-lapse' AND j.data->>'orderId' = o.id AND j.state < 'active')) AS "openOrdersThatNeverLapse",
       (SELECT count(*)::int FROM "Order" o WHERE o."createdAt" >= $1 AND o.kind = 'payment' AND o."fulfilledAt" IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'order-email' AND j.data->>'orderId' = o.id)) AS "fulfilledWithoutEmailJob",
       (SELECT count(*)::int FROM "Order" o WHERE o."createdAt" >= $1 AND o."voucherId" IS NOT NULL AND o.status <> 'expired'
           AND NOT EXISTS (SELECT 1 FROM "VoucherRedemption" r WHERE r."orderId" = o.id AND r."voucherId" = o."voucherId")) AS "voucherOrdersWithoutReservation",
       (SELECT count(*)::int FROM "VoucherRedemption" r JOIN "Order" o ON o.id = r."orderId"
           WHERE o."createdAt" >= $1 AND ((r."confirmedAt" IS NOT NULL) <> (o."fulfilledAt" IS NOT NULL) OR (o.status = 'expired' AND r."confirmedAt" IS NULL))) AS "redemptionsOutOfStep",
       (SELECT count(*)::int FROM "Voucher" v WHERE v."originalBalanceCents" IS NOT NULL AND v."currentBalanceCents" IS NOT NULL
           AND v."currentBalanceCents" + (SELECT coalesce(sum(r."amountCents"), 0) FROM "VoucherRedemption" r WHERE r."voucherId" = v.id) <> v."originalBalanceCents"
           AND v."usageType" = 'reusable') AS "giftCardBalancesOff"`,
    [since],
  );
  const broken = Object.entries(row).filter(([, n]) => n > 0);
  checks.check(
    'no half-written orders, voucher reservations consistent',
    broken.length === 0,
    broken.length ? broken.map(([k, n]) => `${k}: ${n}`).join(', ') : Object.keys(row).join(', ') + ': all 0',
  );
}
