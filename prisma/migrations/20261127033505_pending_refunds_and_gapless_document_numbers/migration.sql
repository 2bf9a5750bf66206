/*
  Warnings:

  - A unique constraint covering the columns `[orderId,idempotencyKey]` on the table `Refund` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'succeeded');

-- CreateEnum
CREATE TYPE "MembershipEnd" AS ENUM ('now', 'period_end');

-- AlterTable
ALTER TABLE "AdjustmentNote" ALTER COLUMN "number" DROP DEFAULT;
DROP SEQUENCE "AdjustmentNote_number_seq";

-- AlterTable
ALTER TABLE "Invoice" ALTER COLUMN "number" DROP DEFAULT;
DROP SEQUENCE "Invoice_number_seq";

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "endedAt" TIMESTAMP(3),
ADD COLUMN     "endedByRefundId" TEXT,
ADD COLUMN     "renewalStoppedByRefundId" TEXT;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "idempotencyKey" TEXT,
ADD COLUMN     "itemIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "membershipEnd" "MembershipEnd",
ADD COLUMN     "settledAt" TIMESTAMP(3),
ADD COLUMN     "status" "RefundStatus" NOT NULL DEFAULT 'succeeded';

-- CreateTable
CREATE TABLE "DocumentCounter" (
    "name" TEXT NOT NULL,
    "lastNumber" INTEGER NOT NULL,

    CONSTRAINT "DocumentCounter_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "Refund_status_createdAt_idx" ON "Refund"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_orderId_idempotencyKey_key" ON "Refund"("orderId", "idempotencyKey");

-- Numbers now come from DocumentCounter, inside the payment's or refund's own
-- transaction (gapless); each sequence carries on after the highest number issued.
INSERT INTO "DocumentCounter" ("name", "lastNumber")
SELECT 'invoice', COALESCE(MAX("number"), 0) FROM "Invoice"
UNION ALL
SELECT 'adjustment_note', COALESCE(MAX("number"), 0) FROM "AdjustmentNote";

-- Refunds recorded before this change were made at once: settled when created,
-- their chosen items the ones they ended.
UPDATE "Refund" SET "settledAt" = "createdAt";
-- One pass over the order lines, grouped: a lookup per refund would scan every line each time
-- ("refundId" has no index), hours on a shop with a million orders. Refunds without lines keep
-- the column's default, the empty list.
UPDATE "Refund" r SET "itemIds" = g.ids
FROM (SELECT "refundId", array_agg(id ORDER BY id) AS ids FROM "OrderItem" WHERE "refundId" IS NOT NULL GROUP BY "refundId") g
WHERE g."refundId" = r.id;

-- The queues of the settle job (a pending refund Stripe has not confirmed yet)
-- and of the membership's changes at Stripe after a refund or dispute, with the
-- settings the workers also apply at start (lib/domain/background-work.ts), so
-- a job queued before any worker has started finds its queue.
SELECT pgboss.create_queue('refund-settle', '{"policy":"standard","retryLimit":12,"retryDelay":15,"retryBackoff":true,"expireInSeconds":120}');
SELECT pgboss.create_queue('membership-provider', '{"policy":"standard","retryLimit":8,"retryDelay":10,"retryBackoff":true,"expireInSeconds":60}');
