/*
  Warnings:

  - A unique constraint covering the columns `[paymentIntentId]` on the table `Order` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "RefundSource" AS ENUM ('admin', 'stripe_refund', 'dispute');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "paymentIntentId" TEXT;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "refundId" TEXT,
ADD COLUMN     "refundedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Refund" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "source" "RefundSource" NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "voucherReturnedCents" INTEGER NOT NULL DEFAULT 0,
    "stripeRefundId" TEXT,
    "stripeDisputeId" TEXT,
    "actor" TEXT NOT NULL DEFAULT 'system',
    "emailedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Refund_stripeRefundId_key" ON "Refund"("stripeRefundId");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_stripeDisputeId_key" ON "Refund"("stripeDisputeId");

-- CreateIndex
CREATE INDEX "Refund_orderId_idx" ON "Refund"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_paymentIntentId_key" ON "Order"("paymentIntentId");

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The refund email's queue, with the settings the workers also apply at start
-- (lib/domain/background-work.ts), so a refund queued before any worker has
-- started finds it (as the order-email queue of 20261124142147_pg_boss_queue).
SELECT pgboss.create_queue('refund-email', '{"policy":"standard","retryLimit":4,"retryDelay":5,"retryBackoff":true,"expireInSeconds":60}');
