-- AlterTable
ALTER TABLE "PasswordResetToken" ADD COLUMN     "purpose" TEXT NOT NULL DEFAULT 'reset';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3);
