-- CreateTable
CREATE TABLE "AdjustmentNote" (
    "number" SERIAL NOT NULL,
    "refundId" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdjustmentNote_pkey" PRIMARY KEY ("number")
);

-- CreateIndex
CREATE UNIQUE INDEX "AdjustmentNote_refundId_key" ON "AdjustmentNote"("refundId");

-- AddForeignKey
ALTER TABLE "AdjustmentNote" ADD CONSTRAINT "AdjustmentNote_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE CASCADE ON UPDATE CASCADE;
