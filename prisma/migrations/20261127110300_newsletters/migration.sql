-- CreateEnum
CREATE TYPE "NewsletterStatus" AS ENUM ('draft', 'sending', 'sent');

-- CreateEnum
CREATE TYPE "NewsletterDeliveryStatus" AS ENUM ('queued', 'sent', 'failed', 'skipped_unsubscribed');

-- CreateTable
CREATE TABLE "Newsletter" (
    "id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "featuredProductIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "segment" TEXT,
    "status" "NewsletterStatus" NOT NULL DEFAULT 'draft',
    "createdBy" TEXT NOT NULL,
    "sendStartedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Newsletter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsletterDelivery" (
    "id" TEXT NOT NULL,
    "newsletterId" TEXT NOT NULL,
    "userId" TEXT,
    "email" TEXT NOT NULL,
    "status" "NewsletterDeliveryStatus" NOT NULL DEFAULT 'queued',
    "sentAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "NewsletterDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AbandonedCheckoutEmail" (
    "orderId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AbandonedCheckoutEmail_pkey" PRIMARY KEY ("orderId")
);

-- CreateIndex
CREATE INDEX "Newsletter_createdAt_id_idx" ON "Newsletter"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "NewsletterDelivery_newsletterId_status_idx" ON "NewsletterDelivery"("newsletterId", "status");

-- CreateIndex
CREATE INDEX "NewsletterDelivery_sentAt_idx" ON "NewsletterDelivery"("sentAt");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterDelivery_newsletterId_email_key" ON "NewsletterDelivery"("newsletterId", "email");

-- AddForeignKey
ALTER TABLE "NewsletterDelivery" ADD CONSTRAINT "NewsletterDelivery_newsletterId_fkey" FOREIGN KEY ("newsletterId") REFERENCES "Newsletter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterDelivery" ADD CONSTRAINT "NewsletterDelivery_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AbandonedCheckoutEmail" ADD CONSTRAINT "AbandonedCheckoutEmail_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
