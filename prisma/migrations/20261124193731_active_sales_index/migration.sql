-- CreateIndex
CREATE INDEX "Product_onSale_saleEnd_createdAt_id_idx" ON "Product"("onSale", "saleEnd", "createdAt" DESC, "id");
