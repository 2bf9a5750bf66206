-- CreateEnum
CREATE TYPE "DisputeOutcome" AS ENUM ('won', 'lost');

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "disputeOutcome" "DisputeOutcome",
ADD COLUMN     "resolutionEmailedAt" TIMESTAMP(3),
ADD COLUMN     "resolvedAt" TIMESTAMP(3);
