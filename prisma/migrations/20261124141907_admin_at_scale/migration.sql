-- AlterTable
ALTER TABLE "BundleItem" ADD COLUMN     "removedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ProductFile" ADD COLUMN     "removedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Order_createdAt_id_idx" ON "Order"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Order_customerEmail_trgm_idx" ON "Order" USING GIN ("customerEmail" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Order_sessionId_trgm_idx" ON "Order" USING GIN ("sessionId" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Voucher_createdAt_id_idx" ON "Voucher"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Voucher_code_trgm_idx" ON "Voucher" USING GIN ("code" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Voucher_customerEmail_trgm_idx" ON "Voucher" USING GIN ("customerEmail" gin_trgm_ops);
