-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "providerCheckedAt" TIMESTAMP(3);
