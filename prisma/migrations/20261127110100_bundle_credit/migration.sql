-- A bundle line keeps the credit its owned items took off its price (Decision 094).
-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "bundleCreditCents" INTEGER NOT NULL DEFAULT 0;
