-- AlterTable
ALTER TABLE "UploadFile" ADD COLUMN     "expectedBytes" INTEGER,
ADD COLUMN     "expectedType" TEXT;
