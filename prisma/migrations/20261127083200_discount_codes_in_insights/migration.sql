-- Discount codes in the Insights figures (Decisions 083, 090): uses and the
-- discount given per day and discount code, as SalesDayCode keeps them per
-- voucher, written by the payment's own transaction from now on. The backfill
-- counts the paid orders already counted (their SalesFigureEntry exists), with
-- the statement lib/domain/insights/figures.ts runs for one payment.
-- CreateTable
CREATE TABLE "SalesDayDiscountCode" (
    "day" DATE NOT NULL,
    "discountCodeId" TEXT NOT NULL,
    "uses" INTEGER NOT NULL,
    "discountCents" INTEGER NOT NULL,

    CONSTRAINT "SalesDayDiscountCode_pkey" PRIMARY KEY ("day","discountCodeId")
);

INSERT INTO "SalesDayDiscountCode" (day, "discountCodeId", uses, "discountCents")
SELECT ((o."fulfilledAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Australia/Sydney')::date, o."discountCodeId", count(*), sum(o."discountCents")
FROM "Order" o
WHERE EXISTS (SELECT 1 FROM "SalesFigureEntry" e WHERE e.id = 'sale:' || o.id)
  AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required') AND o."discountCodeId" IS NOT NULL
GROUP BY 1, 2 ORDER BY 1, 2;
