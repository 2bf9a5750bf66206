-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "heartbeatAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "UploadBatch" ADD COLUMN     "receiving" BOOLEAN NOT NULL DEFAULT false;
