-- CreateTable
CREATE TABLE "ZipDownloadLease" (
    "holder" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "leaseId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ZipDownloadLease_pkey" PRIMARY KEY ("holder","slot")
);

-- CreateIndex
CREATE UNIQUE INDEX "ZipDownloadLease_leaseId_key" ON "ZipDownloadLease"("leaseId");
