-- CreateTable
CREATE TABLE "SalesDay" (
    "day" DATE NOT NULL,
    "productOrders" INTEGER NOT NULL DEFAULT 0,
    "chargedOrders" INTEGER NOT NULL DEFAULT 0,
    "productSalesCents" INTEGER NOT NULL DEFAULT 0,
    "membershipPayments" INTEGER NOT NULL DEFAULT 0,
    "membershipSalesCents" INTEGER NOT NULL DEFAULT 0,
    "refunds" INTEGER NOT NULL DEFAULT 0,
    "productRefundCents" INTEGER NOT NULL DEFAULT 0,
    "membershipRefundCents" INTEGER NOT NULL DEFAULT 0,
    "taxableSalesCents" INTEGER NOT NULL DEFAULT 0,
    "gstCents" INTEGER NOT NULL DEFAULT 0,
    "taxableRefundCents" INTEGER NOT NULL DEFAULT 0,
    "gstRefundCents" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SalesDay_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "SalesDayItem" (
    "day" DATE NOT NULL,
    "productId" TEXT NOT NULL,
    "isBundle" BOOLEAN NOT NULL,
    "units" INTEGER NOT NULL,
    "netCents" INTEGER NOT NULL,

    CONSTRAINT "SalesDayItem_pkey" PRIMARY KEY ("day","productId")
);

-- CreateTable
CREATE TABLE "SalesMonthItem" (
    "month" DATE NOT NULL,
    "productId" TEXT NOT NULL,
    "isBundle" BOOLEAN NOT NULL,
    "units" INTEGER NOT NULL,
    "netCents" INTEGER NOT NULL,

    CONSTRAINT "SalesMonthItem_pkey" PRIMARY KEY ("month","productId")
);

-- CreateTable
CREATE TABLE "SalesDayCode" (
    "day" DATE NOT NULL,
    "voucherId" TEXT NOT NULL,
    "uses" INTEGER NOT NULL,
    "discountCents" INTEGER NOT NULL,

    CONSTRAINT "SalesDayCode_pkey" PRIMARY KEY ("day","voucherId")
);

-- CreateTable
CREATE TABLE "CustomerDay" (
    "customer" UUID NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "CustomerDay_pkey" PRIMARY KEY ("customer","day")
);

-- CreateTable
CREATE TABLE "SalesDayCustomers" (
    "day" DATE NOT NULL,
    "previousDay" DATE NOT NULL,
    "customers" INTEGER NOT NULL,

    CONSTRAINT "SalesDayCustomers_pkey" PRIMARY KEY ("day","previousDay")
);

-- CreateTable
CREATE TABLE "SalesFigureEntry" (
    "id" TEXT NOT NULL,
    "day" DATE NOT NULL,

    CONSTRAINT "SalesFigureEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MembershipCancellation" (
    "userId" TEXT NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "cancelledAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MembershipCancellation_pkey" PRIMARY KEY ("userId","periodEnd")
);

-- CreateIndex
CREATE INDEX "SalesDayItem_day_isBundle_netCents_idx" ON "SalesDayItem"("day", "isBundle", "netCents" DESC);

-- CreateIndex
CREATE INDEX "SalesDayItem_day_isBundle_units_idx" ON "SalesDayItem"("day", "isBundle", "units" DESC);

-- CreateIndex
CREATE INDEX "SalesDayItem_productId_day_idx" ON "SalesDayItem"("productId", "day");

-- CreateIndex
CREATE INDEX "SalesMonthItem_month_isBundle_netCents_idx" ON "SalesMonthItem"("month", "isBundle", "netCents" DESC);

-- CreateIndex
CREATE INDEX "SalesMonthItem_month_isBundle_units_idx" ON "SalesMonthItem"("month", "isBundle", "units" DESC);

-- CreateIndex
CREATE INDEX "SalesMonthItem_productId_month_idx" ON "SalesMonthItem"("productId", "month");

-- CreateIndex
CREATE INDEX "MembershipCancellation_cancelledAt_idx" ON "MembershipCancellation"("cancelledAt");

-- CreateIndex
CREATE INDEX "AuditLog_action_createdAt_idx" ON "AuditLog"("action", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Order_kind_fulfilledAt_idx" ON "Order"("kind", "fulfilledAt");

-- Backfill (Decision 083): the figures of every order paid and every refund
-- made before this migration, by the statements lib/domain/insights runs for
-- each new payment and refund (lib/domain/insights/figures.ts and
-- customers.ts, scoped to every record). Days are Australia/Sydney days.
INSERT INTO "SalesFigureEntry" (id, day)
SELECT 'sale:' || o.id, ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date FROM "Order" o WHERE true AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required')
ON CONFLICT (id) DO NOTHING;

WITH sale AS (
  SELECT o.kind::text AS kind, o."amountCents" AS amount, ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date AS day, coalesce(
  (SELECT coalesce(inv.seller -> 'gstRegistered' = 'true'::jsonb, false) FROM "Invoice" inv WHERE inv."orderId" = o.id),
  (SELECT coalesce(a.details -> 'gstRegistered' = 'true'::jsonb, false) FROM "AuditLog" a
    WHERE a.action = 'settings.business' AND a."createdAt" <= o."fulfilledAt"
    ORDER BY a."createdAt" DESC, a.id DESC LIMIT 1),
  (SELECT CASE WHEN pg_input_is_valid(s.value, 'jsonb') THEN coalesce(s.value::jsonb -> 'gstRegistered' = 'true'::jsonb, false) ELSE false END
    FROM "Setting" s WHERE s.key = 'business_details'),
  false) AS registered
  FROM "Order" o WHERE true AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required')
)
INSERT INTO "SalesDay" (day, "productOrders", "chargedOrders", "productSalesCents", "membershipPayments", "membershipSalesCents", "taxableSalesCents", "gstCents")
SELECT day,
       count(*) FILTER (WHERE kind <> 'subscription'),
       count(*) FILTER (WHERE kind <> 'subscription' AND amount > 0),
       coalesce(sum(amount) FILTER (WHERE kind <> 'subscription'), 0),
       count(*) FILTER (WHERE kind = 'subscription'),
       coalesce(sum(amount) FILTER (WHERE kind = 'subscription'), 0),
       coalesce(sum(amount) FILTER (WHERE registered), 0),
       coalesce(sum(round(amount / 11.0)::int) FILTER (WHERE registered), 0)
FROM sale GROUP BY day ORDER BY day
ON CONFLICT (day) DO UPDATE SET "productOrders" = "SalesDay"."productOrders" + EXCLUDED."productOrders", "chargedOrders" = "SalesDay"."chargedOrders" + EXCLUDED."chargedOrders", "productSalesCents" = "SalesDay"."productSalesCents" + EXCLUDED."productSalesCents", "membershipPayments" = "SalesDay"."membershipPayments" + EXCLUDED."membershipPayments", "membershipSalesCents" = "SalesDay"."membershipSalesCents" + EXCLUDED."membershipSalesCents", "taxableSalesCents" = "SalesDay"."taxableSalesCents" + EXCLUDED."taxableSalesCents", "gstCents" = "SalesDay"."gstCents" + EXCLUDED."gstCents";

WITH
item_source AS (
  SELECT i."orderId" AS grp, i.id, o."amountCents" AS total, i."priceCents" AS weight,
         i."productId", i."isBundle", i."refundId", ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date AS day
  FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE true AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required')
),
item_share_weighed AS (
  SELECT *, CASE WHEN sum(weight) OVER (PARTITION BY grp) > 0 THEN weight ELSE 1 END AS w FROM item_source
),
item_share_exact AS (
  SELECT *, (total::float8 * w) / sum(w) OVER (PARTITION BY grp) AS x FROM item_share_weighed
),
item_share_ranked AS (
  SELECT *, total - sum(floor(x)) OVER (PARTITION BY grp) AS leftover,
         row_number() OVER (PARTITION BY grp ORDER BY x - floor(x) DESC, id COLLATE "C") AS place
  FROM item_share_exact
),
item_share AS (
  SELECT *, floor(x)::int + CASE WHEN place <= leftover THEN 1 ELSE 0 END AS share FROM item_share_ranked
),
sold AS (SELECT day, "productId", "isBundle", share AS cents FROM item_share)
INSERT INTO "SalesDayItem" (day, "productId", "isBundle", units, "netCents")
SELECT day, "productId", bool_or("isBundle"), count(*), sum(cents) FROM sold
GROUP BY 1, "productId" ORDER BY 1, "productId"
ON CONFLICT (day, "productId") DO UPDATE SET "units" = "SalesDayItem"."units" + EXCLUDED."units", "netCents" = "SalesDayItem"."netCents" + EXCLUDED."netCents";

WITH
item_source AS (
  SELECT i."orderId" AS grp, i.id, o."amountCents" AS total, i."priceCents" AS weight,
         i."productId", i."isBundle", i."refundId", ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date AS day
  FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE true AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required')
),
item_share_weighed AS (
  SELECT *, CASE WHEN sum(weight) OVER (PARTITION BY grp) > 0 THEN weight ELSE 1 END AS w FROM item_source
),
item_share_exact AS (
  SELECT *, (total::float8 * w) / sum(w) OVER (PARTITION BY grp) AS x FROM item_share_weighed
),
item_share_ranked AS (
  SELECT *, total - sum(floor(x)) OVER (PARTITION BY grp) AS leftover,
         row_number() OVER (PARTITION BY grp ORDER BY x - floor(x) DESC, id COLLATE "C") AS place
  FROM item_share_exact
),
item_share AS (
  SELECT *, floor(x)::int + CASE WHEN place <= leftover THEN 1 ELSE 0 END AS share FROM item_share_ranked
),
sold AS (SELECT day, "productId", "isBundle", share AS cents FROM item_share)
INSERT INTO "SalesMonthItem" (month, "productId", "isBundle", units, "netCents")
SELECT date_trunc('month', day)::date, "productId", bool_or("isBundle"), count(*), sum(cents) FROM sold
GROUP BY 1, "productId" ORDER BY 1, "productId"
ON CONFLICT (month, "productId") DO UPDATE SET "units" = "SalesMonthItem"."units" + EXCLUDED."units", "netCents" = "SalesMonthItem"."netCents" + EXCLUDED."netCents";

INSERT INTO "SalesDayCode" (day, "voucherId", uses, "discountCents")
SELECT ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date, o."voucherId", count(*), sum(o."discountCents")
FROM "Order" o WHERE true AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required') AND o."voucherId" IS NOT NULL AND o.kind <> 'subscription'
GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (day, "voucherId") DO UPDATE SET "uses" = "SalesDayCode"."uses" + EXCLUDED."uses", "discountCents" = "SalesDayCode"."discountCents" + EXCLUDED."discountCents";

INSERT INTO "SalesFigureEntry" (id, day)
SELECT 'refund:' || r.id, ((CASE WHEN r.source = 'dispute' THEN coalesce(r."resolvedAt", r."createdAt") ELSE coalesce(r."settledAt", r."createdAt") END AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date FROM "Refund" r WHERE true AND (r.status = 'succeeded' AND (r.source IN ('admin', 'stripe_refund') OR (r.source = 'dispute' AND r."disputeOutcome" = 'lost')))
ON CONFLICT (id) DO NOTHING;

WITH refund AS (
  SELECT o.kind::text AS kind, r."amountCents" AS amount, ((CASE WHEN r.source = 'dispute' THEN coalesce(r."resolvedAt", r."createdAt") ELSE coalesce(r."settledAt", r."createdAt") END AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date AS day, coalesce(
  (SELECT coalesce(inv.seller -> 'gstRegistered' = 'true'::jsonb, false) FROM "Invoice" inv WHERE inv."orderId" = o.id),
  (SELECT coalesce(a.details -> 'gstRegistered' = 'true'::jsonb, false) FROM "AuditLog" a
    WHERE a.action = 'settings.business' AND a."createdAt" <= o."fulfilledAt"
    ORDER BY a."createdAt" DESC, a.id DESC LIMIT 1),
  (SELECT CASE WHEN pg_input_is_valid(s.value, 'jsonb') THEN coalesce(s.value::jsonb -> 'gstRegistered' = 'true'::jsonb, false) ELSE false END
    FROM "Setting" s WHERE s.key = 'business_details'),
  false) AS registered
  FROM "Refund" r JOIN "Order" o ON o.id = r."orderId" WHERE true AND (r.status = 'succeeded' AND (r.source IN ('admin', 'stripe_refund') OR (r.source = 'dispute' AND r."disputeOutcome" = 'lost')))
)
INSERT INTO "SalesDay" (day, "refunds", "productRefundCents", "membershipRefundCents", "taxableRefundCents", "gstRefundCents")
SELECT day,
       count(*) FILTER (WHERE amount > 0),
       coalesce(sum(amount) FILTER (WHERE kind <> 'subscription'), 0),
       coalesce(sum(amount) FILTER (WHERE kind = 'subscription'), 0),
       coalesce(sum(amount) FILTER (WHERE registered), 0),
       coalesce(sum(round(amount / 11.0)::int) FILTER (WHERE registered), 0)
FROM refund GROUP BY day ORDER BY day
ON CONFLICT (day) DO UPDATE SET "refunds" = "SalesDay"."refunds" + EXCLUDED."refunds", "productRefundCents" = "SalesDay"."productRefundCents" + EXCLUDED."productRefundCents", "membershipRefundCents" = "SalesDay"."membershipRefundCents" + EXCLUDED."membershipRefundCents", "taxableRefundCents" = "SalesDay"."taxableRefundCents" + EXCLUDED."taxableRefundCents", "gstRefundCents" = "SalesDay"."gstRefundCents" + EXCLUDED."gstRefundCents";

WITH refund AS (
  SELECT r.id, r."orderId", r."amountCents" AS amount, ((CASE WHEN r.source = 'dispute' THEN coalesce(r."resolvedAt", r."createdAt") ELSE coalesce(r."settledAt", r."createdAt") END AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date AS day FROM "Refund" r WHERE true AND (r.status = 'succeeded' AND (r.source IN ('admin', 'stripe_refund') OR (r.source = 'dispute' AND r."disputeOutcome" = 'lost')))
),
item_source AS (
  SELECT i."orderId" AS grp, i.id, o."amountCents" AS total, i."priceCents" AS weight,
         i."productId", i."isBundle", i."refundId", ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date AS day
  FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE i."orderId" IN (SELECT "orderId" FROM refund)
),
item_share_weighed AS (
  SELECT *, CASE WHEN sum(weight) OVER (PARTITION BY grp) > 0 THEN weight ELSE 1 END AS w FROM item_source
),
item_share_exact AS (
  SELECT *, (total::float8 * w) / sum(w) OVER (PARTITION BY grp) AS x FROM item_share_weighed
),
item_share_ranked AS (
  SELECT *, total - sum(floor(x)) OVER (PARTITION BY grp) AS leftover,
         row_number() OVER (PARTITION BY grp ORDER BY x - floor(x) DESC, id COLLATE "C") AS place
  FROM item_share_exact
),
item_share AS (
  SELECT *, floor(x)::int + CASE WHEN place <= leftover THEN 1 ELSE 0 END AS share FROM item_share_ranked
),
refund_source AS (
  SELECT f.id AS grp, s.id, least(f.amount, sum(s.share) OVER (PARTITION BY f.id)) AS total, s.share AS weight,
         s."productId", s."isBundle", f.day
  FROM refund f JOIN item_share s ON s."refundId" = f.id
),
refund_share_weighed AS (
  SELECT *, CASE WHEN sum(weight) OVER (PARTITION BY grp) > 0 THEN weight ELSE 1 END AS w FROM refund_source
),
refund_share_exact AS (
  SELECT *, (total::float8 * w) / sum(w) OVER (PARTITION BY grp) AS x FROM refund_share_weighed
),
refund_share_ranked AS (
  SELECT *, total - sum(floor(x)) OVER (PARTITION BY grp) AS leftover,
         row_number() OVER (PARTITION BY grp ORDER BY x - floor(x) DESC, id COLLATE "C") AS place
  FROM refund_share_exact
),
refund_share AS (
  SELECT *, floor(x)::int + CASE WHEN place <= leftover THEN 1 ELSE 0 END AS share FROM refund_share_ranked
),
refunded AS (SELECT day, "productId", "isBundle", share AS cents FROM refund_share)
INSERT INTO "SalesDayItem" (day, "productId", "isBundle", units, "netCents")
SELECT day, "productId", bool_or("isBundle"), -count(*), -sum(cents) FROM refunded
GROUP BY 1, "productId" ORDER BY 1, "productId"
ON CONFLICT (day, "productId") DO UPDATE SET "units" = "SalesDayItem"."units" + EXCLUDED."units", "netCents" = "SalesDayItem"."netCents" + EXCLUDED."netCents";

WITH refund AS (
  SELECT r.id, r."orderId", r."amountCents" AS amount, ((CASE WHEN r.source = 'dispute' THEN coalesce(r."resolvedAt", r."createdAt") ELSE coalesce(r."settledAt", r."createdAt") END AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date AS day FROM "Refund" r WHERE true AND (r.status = 'succeeded' AND (r.source IN ('admin', 'stripe_refund') OR (r.source = 'dispute' AND r."disputeOutcome" = 'lost')))
),
item_source AS (
  SELECT i."orderId" AS grp, i.id, o."amountCents" AS total, i."priceCents" AS weight,
         i."productId", i."isBundle", i."refundId", ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date AS day
  FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE i."orderId" IN (SELECT "orderId" FROM refund)
),
item_share_weighed AS (
  SELECT *, CASE WHEN sum(weight) OVER (PARTITION BY grp) > 0 THEN weight ELSE 1 END AS w FROM item_source
),
item_share_exact AS (
  SELECT *, (total::float8 * w) / sum(w) OVER (PARTITION BY grp) AS x FROM item_share_weighed
),
item_share_ranked AS (
  SELECT *, total - sum(floor(x)) OVER (PARTITION BY grp) AS leftover,
         row_number() OVER (PARTITION BY grp ORDER BY x - floor(x) DESC, id COLLATE "C") AS place
  FROM item_share_exact
),
item_share AS (
  SELECT *, floor(x)::int + CASE WHEN place <= leftover THEN 1 ELSE 0 END AS share FROM item_share_ranked
),
refund_source AS (
  SELECT f.id AS grp, s.id, least(f.amount, sum(s.share) OVER (PARTITION BY f.id)) AS total, s.share AS weight,
         s."productId", s."isBundle", f.day
  FROM refund f JOIN item_share s ON s."refundId" = f.id
),
refund_share_weighed AS (
  SELECT *, CASE WHEN sum(weight) OVER (PARTITION BY grp) > 0 THEN weight ELSE 1 END AS w FROM refund_source
),
refund_share_exact AS (
  SELECT *, (total::float8 * w) / sum(w) OVER (PARTITION BY grp) AS x FROM refund_share_weighed
),
refund_share_ranked AS (
  SELECT *, total - sum(floor(x)) OVER (PARTITION BY grp) AS leftover,
         row_number() OVER (PARTITION BY grp ORDER BY x - floor(x) DESC, id COLLATE "C") AS place
  FROM refund_share_exact
),
refund_share AS (
  SELECT *, floor(x)::int + CASE WHEN place <= leftover THEN 1 ELSE 0 END AS share FROM refund_share_ranked
),
refunded AS (SELECT day, "productId", "isBundle", share AS cents FROM refund_share)
INSERT INTO "SalesMonthItem" (month, "productId", "isBundle", units, "netCents")
SELECT date_trunc('month', day)::date, "productId", bool_or("isBundle"), -count(*), -sum(cents) FROM refunded
GROUP BY 1, "productId" ORDER BY 1, "productId"
ON CONFLICT (month, "productId") DO UPDATE SET "units" = "SalesMonthItem"."units" + EXCLUDED."units", "netCents" = "SalesMonthItem"."netCents" + EXCLUDED."netCents";

INSERT INTO "CustomerDay" (customer, day)
  SELECT DISTINCT md5(lower(o."customerEmail"))::uuid, ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date FROM "Order" o
  WHERE o."customerEmail" IS NOT NULL AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required');

INSERT INTO "SalesDayCustomers" (day, "previousDay", customers)
  SELECT day, previous, count(*) FROM (
    SELECT day, coalesce(lag(day) OVER (PARTITION BY customer ORDER BY day), '0001-01-01'::date) AS previous FROM "CustomerDay"
  ) visits GROUP BY 1, 2;

-- Cancellations seen so far: the membership rows as they are now (the moment
-- of an earlier cancellation was not recorded; its row's last update stands in).
INSERT INTO "MembershipCancellation" ("userId", "periodEnd", "cancelledAt")
SELECT "userId", "currentPeriodEnd", "updatedAt" FROM "Membership" WHERE "cancelAtPeriodEnd" OR status = 'canceled'
ON CONFLICT DO NOTHING;
