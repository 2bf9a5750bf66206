-- CreateTable
CREATE TABLE "ShopIdentity" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "name" TEXT NOT NULL DEFAULT 'Pixel Press Studio',
    "logoPath" TEXT,
    "heroImagePath" TEXT,
    "heroHeadline" TEXT NOT NULL DEFAULT 'Print-ready designs, instantly yours',
    "heroText" TEXT NOT NULL DEFAULT 'Sublimation designs, clip art, wall art and money-saving bundles. Pay in AUD, download in seconds.',
    "socialHandle" TEXT NOT NULL DEFAULT 'pixelpressstudio',
    "contactEmail" TEXT NOT NULL DEFAULT '',
    "footerLine" TEXT NOT NULL DEFAULT 'All rights reserved.',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopIdentity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShopPage" (
    "slug" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopPage_pkey" PRIMARY KEY ("slug")
);

-- The one row, with every column at its default: the shop's name, hero, banner handle and
-- footer as they were before they became settings.
INSERT INTO "ShopIdentity" ("id", "updatedAt") VALUES (1, CURRENT_TIMESTAMP) ON CONFLICT ("id") DO NOTHING;
