-- Discount codes (Decision 090). The membership promo codes move into them,
-- scoped to a membership's first period, before their table is dropped: the
-- same code keeps working through the same membership subscribe call.
-- CreateEnum
CREATE TYPE "DiscountScope" AS ENUM ('cart', 'categories', 'products', 'membership');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "discountCodeId" TEXT;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "discountCents" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "DiscountCode" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "type" "VoucherType" NOT NULL,
    "valueBasisPoints" INTEGER,
    "valueCents" INTEGER,
    "scope" "DiscountScope" NOT NULL DEFAULT 'cart',
    "categoryIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "productIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "maxUses" INTEGER,
    "maxUsesPerCustomer" INTEGER,
    "minSubtotalCents" INTEGER,
    "newCustomersOnly" BOOLEAN NOT NULL DEFAULT false,
    "appliesToSaleItems" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DiscountCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountRedemption" (
    "id" TEXT NOT NULL,
    "discountCodeId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "userId" TEXT,
    "emailKey" TEXT,
    "amountCents" INTEGER NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscountRedemption_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_code_key" ON "DiscountCode"("code");

-- CreateIndex
CREATE INDEX "DiscountCode_createdAt_id_idx" ON "DiscountCode"("createdAt" DESC, "id");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountRedemption_orderId_key" ON "DiscountRedemption"("orderId");

-- CreateIndex
CREATE INDEX "DiscountRedemption_discountCodeId_userId_idx" ON "DiscountRedemption"("discountCodeId", "userId");

-- CreateIndex
CREATE INDEX "DiscountRedemption_discountCodeId_emailKey_idx" ON "DiscountRedemption"("discountCodeId", "emailKey");

-- CreateIndex
CREATE INDEX "Order_discountCodeId_fulfilledAt_idx" ON "Order"("discountCodeId", "fulfilledAt");

-- Promo codes become membership discount codes: the same percentage, expiry and
-- description; a retired one is disabled. Ids are 'promo' and the code's md5,
-- letters and digits like every id the API accepts.
INSERT INTO "DiscountCode" ("id", "code", "type", "valueBasisPoints", "scope", "endsAt", "enabled", "description", "createdAt", "updatedAt")
SELECT 'promo' || md5("code"), "code", 'percentage', LEAST(GREATEST("percentOff", 1), 100) * 100, 'membership', "expiresAt", "active", "description", "createdAt", CURRENT_TIMESTAMP
FROM "PromoCode";

-- DropTable
DROP TABLE "PromoCode";

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountRedemption" ADD CONSTRAINT "DiscountRedemption_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountRedemption" ADD CONSTRAINT "DiscountRedemption_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
