// A product's listing price (what a shopper pays now) is set by a trigger on
// every write; a scheduled sale changes it without a write, at its start and
// end. This job, every minute, rewrites the rows whose sale started or ended in
// the last day and whose listing price is behind (Decision 088): a sorted or
// price-filtered listing is as late as the cached pages (a minute), and a day
// of missed runs is caught up.
import 'server-only';
import { db } from '@/lib/infra/db';

export const LIST_PRICES_JOB = 'list-prices';
export const LIST_PRICES_CRON = '* * * * *';

/** Rows whose listing price was behind, now brought up to date. */
export async function refreshListPrices(): Promise<number> {
  return db().$executeRaw`
    UPDATE "Product" SET "listPriceCents" = shop_list_price_cents("priceCents", "onSale", "salePriceCents", "saleStart", "saleEnd", now() AT TIME ZONE 'UTC')
    WHERE (("saleStart" <= now() AT TIME ZONE 'UTC' AND "saleStart" > now() AT TIME ZONE 'UTC' - interval '1 day')
        OR ("saleEnd" <= now() AT TIME ZONE 'UTC' AND "saleEnd" > now() AT TIME ZONE 'UTC' - interval '1 day'))
      AND "listPriceCents" <> shop_list_price_cents("priceCents", "onSale", "salePriceCents", "saleStart", "saleEnd", now() AT TIME ZONE 'UTC')`;
}
