-- File versions (Decision 68). Every existing file is a first version (lineageId NULL), so the
-- unique (lineageId, version) index has nothing to collide with.
-- AlterTable
ALTER TABLE "ProductFile" ADD COLUMN     "lineageId" TEXT,
ADD COLUMN     "supersededAt" TIMESTAMP(3),
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "FileUpdateNotice" (
    "id" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "recipients" INTEGER NOT NULL,
    "queuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FileUpdateNotice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FileUpdateEmail" (
    "id" TEXT NOT NULL,
    "noticeId" TEXT NOT NULL,
    "recipientEmail" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "FileUpdateEmail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FileUpdateNotice_fileId_key" ON "FileUpdateNotice"("fileId");

-- CreateIndex
CREATE INDEX "FileUpdateNotice_productId_queuedAt_idx" ON "FileUpdateNotice"("productId", "queuedAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "FileUpdateEmail_noticeId_recipientEmail_key" ON "FileUpdateEmail"("noticeId", "recipientEmail");

-- CreateIndex
CREATE UNIQUE INDEX "ProductFile_lineageId_version_key" ON "ProductFile"("lineageId", "version");

-- AddForeignKey
ALTER TABLE "FileUpdateNotice" ADD CONSTRAINT "FileUpdateNotice_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "ProductFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FileUpdateEmail" ADD CONSTRAINT "FileUpdateEmail_noticeId_fkey" FOREIGN KEY ("noticeId") REFERENCES "FileUpdateNotice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The update emails' job queue exists before any web instance queues into it, even when
-- the instances run without a worker (SHOP_DISABLE_WORKER=1), as the other queues do (Decision 51).
SELECT pgboss.create_queue('file-update-email', '{"policy":"standard","retryLimit":4,"retryDelay":5,"retryBackoff":true,"expireInSeconds":60}');
