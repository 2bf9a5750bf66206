-- Order lines by their refund: the Insights refund statements join on it, and deleting a
-- refund (with its order) sets it to NULL, which without an index reads every order line.
CREATE INDEX "OrderItem_refundId_idx" ON "OrderItem"("refundId");
