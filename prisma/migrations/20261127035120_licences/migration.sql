-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "holderName" TEXT;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "licenceTierId" TEXT,
ADD COLUMN     "memberDiscountCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "termsVersion" INTEGER,
ADD COLUMN     "upgradeOfId" TEXT;

-- AlterTable
ALTER TABLE "ProductFile" ADD COLUMN     "licenceTierId" TEXT;

-- CreateTable
CREATE TABLE "LicenceTier" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL,
    "priceBasisPoints" INTEGER NOT NULL,
    "retiredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LicenceTier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LicenceTerms" (
    "id" TEXT NOT NULL,
    "tierId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "markdown" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LicenceTerms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LicencePrice" (
    "productId" TEXT NOT NULL,
    "tierId" TEXT NOT NULL,
    "priceCents" INTEGER,
    "offered" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "LicencePrice_pkey" PRIMARY KEY ("productId","tierId")
);

-- CreateTable
CREATE TABLE "Licence" (
    "id" TEXT NOT NULL,
    "orderItemId" TEXT NOT NULL,
    "holderName" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Licence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LicenceTier_key_key" ON "LicenceTier"("key");

-- CreateIndex
CREATE INDEX "LicenceTier_position_idx" ON "LicenceTier"("position");

-- CreateIndex
CREATE UNIQUE INDEX "LicenceTerms_tierId_version_key" ON "LicenceTerms"("tierId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "Licence_orderItemId_key" ON "Licence"("orderItemId");

-- CreateIndex
CREATE INDEX "OrderItem_upgradeOfId_idx" ON "OrderItem"("upgradeOfId");

-- AddForeignKey
ALTER TABLE "ProductFile" ADD CONSTRAINT "ProductFile_licenceTierId_fkey" FOREIGN KEY ("licenceTierId") REFERENCES "LicenceTier"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_licenceTierId_fkey" FOREIGN KEY ("licenceTierId") REFERENCES "LicenceTier"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderItem" ADD CONSTRAINT "OrderItem_upgradeOfId_fkey" FOREIGN KEY ("upgradeOfId") REFERENCES "Licence"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicenceTerms" ADD CONSTRAINT "LicenceTerms_tierId_fkey" FOREIGN KEY ("tierId") REFERENCES "LicenceTier"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicencePrice" ADD CONSTRAINT "LicencePrice_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LicencePrice" ADD CONSTRAINT "LicencePrice_tierId_fkey" FOREIGN KEY ("tierId") REFERENCES "LicenceTier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Licence" ADD CONSTRAINT "Licence_orderItemId_fkey" FOREIGN KEY ("orderItemId") REFERENCES "OrderItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The three default tiers (Decision 081): Personal at the item's price, Commercial at 2 ×, Extended at 5 ×.
INSERT INTO "LicenceTier" ("id", "key", "name", "summary", "position", "priceBasisPoints", "updatedAt") VALUES
  ('lt_personal', 'personal', 'Personal', 'For your own projects: gifts, home decor, school and hobby work. Nothing you make with it may be sold.', 0, 10000, CURRENT_TIMESTAMP),
  ('lt_commercial', 'commercial', 'Commercial', 'Sell what you make with it: printed and print-on-demand products and client work, up to 5,000 units per design.', 1, 20000, CURRENT_TIMESTAMP),
  ('lt_extended', 'extended', 'Extended', 'Everything in Commercial without a unit limit, and use in items made for resale at any volume, templates and digital products built on the design.', 2, 50000, CURRENT_TIMESTAMP);

INSERT INTO "LicenceTerms" ("id", "tierId", "version", "markdown") VALUES
  ('ltt_personal_1', 'lt_personal', 1, E'## Personal licence\n\nThis licence lets **one person** use the design in their own, non-commercial projects.\n\n### You may\n\n- print it for yourself, as gifts, for home decor, school or hobby projects;\n- change, crop, recolour and combine it with other work.\n\n### You may not\n\n- sell, or give away for promotion, anything made with the design;\n- share, resell or redistribute the files, changed or not;\n- use the design in a logo or trademark.\n\nThe designer keeps the copyright. This licence does not transfer to anyone else.'),
  ('ltt_commercial_1', 'lt_commercial', 1, E'## Commercial licence\n\nThis licence lets **one person or business** sell products made with the design.\n\n### You may\n\n- everything the Personal licence allows;\n- sell printed products and print-on-demand products (shirts, mugs, stickers, wall art and the like), up to **5,000 units per design**;\n- use the design in work for your clients, each of them an end use.\n\n### You may not\n\n- sell, share or redistribute the files themselves, or products where the design is the main thing sold as a file (templates, digital downloads, clip art);\n- use the design in a logo or trademark.\n\nThe designer keeps the copyright. This licence does not transfer to anyone else.'),
  ('ltt_extended_1', 'lt_extended', 1, E'## Extended licence\n\nThis licence lets **one person or business** use the design commercially without a unit limit.\n\n### You may\n\n- everything the Commercial licence allows, in any number of units;\n- use the design in items made for resale, in templates and in digital products you sell, as long as the design is built into them and cannot be taken out as a file on its own.\n\n### You may not\n\n- sell, share or redistribute the files themselves, changed or not;\n- use the design in a logo or trademark.\n\nThe designer keeps the copyright. This licence does not transfer to anyone else.');

-- Lines sold before licensing are Personal lines under version 1, and every paid one gets its licence.
UPDATE "OrderItem" SET "licenceTierId" = 'lt_personal', "termsVersion" = 1;

INSERT INTO "Licence" ("id", "orderItemId", "holderName", "issuedAt")
SELECT 'LIC-' || translate(upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)), '0123456789ABCDEF', 'ABCDEFGHJKMNPQRS'),
       i."id",
       COALESCE(NULLIF(u."name", ''), NULLIF(split_part(o."customerEmail", '@', 1), ''), 'Customer'),
       o."fulfilledAt"
FROM "OrderItem" i
JOIN "Order" o ON o."id" = i."orderId"
LEFT JOIN "User" u ON u."id" = o."userId"
WHERE o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required');
