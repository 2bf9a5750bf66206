-- CreateIndex
CREATE INDEX "Product_onSale_saleEnd_title_id_idx" ON "Product"("onSale", "saleEnd", "title", "id");
