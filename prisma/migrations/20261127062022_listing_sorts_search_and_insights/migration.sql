-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "insightsCountedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "listPriceCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ratingAverage" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "ratingCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "salesCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "searchVector" tsvector;

-- CreateTable
CREATE TABLE "SearchWord" (
    "word" TEXT NOT NULL,

    CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("word")
);

-- CreateTable
CREATE TABLE "CoPurchase" (
    "productId" TEXT NOT NULL,
    "otherId" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CoPurchase_pkey" PRIMARY KEY ("productId","otherId")
);

-- CreateIndex
CREATE INDEX "SearchWord_word_trgm_idx" ON "SearchWord" USING GIN ("word" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "CoPurchase_productId_count_idx" ON "CoPurchase"("productId", "count" DESC);

-- CreateIndex
CREATE INDEX "CoPurchase_otherId_idx" ON "CoPurchase"("otherId");

-- CreateIndex
CREATE INDEX "Product_listPriceCents_id_idx" ON "Product"("listPriceCents", "id");

-- CreateIndex
CREATE INDEX "Product_categoryId_listPriceCents_id_idx" ON "Product"("categoryId", "listPriceCents", "id");

-- CreateIndex
CREATE INDEX "Product_salesCount_createdAt_id_idx" ON "Product"("salesCount" DESC, "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Product_categoryId_salesCount_createdAt_id_idx" ON "Product"("categoryId", "salesCount" DESC, "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Product_ratingAverage_ratingCount_id_idx" ON "Product"("ratingAverage" DESC, "ratingCount" DESC, "id");

-- CreateIndex
CREATE INDEX "Product_categoryId_ratingAverage_ratingCount_id_idx" ON "Product"("categoryId", "ratingAverage" DESC, "ratingCount" DESC, "id");

-- CreateIndex
CREATE INDEX "Product_saleStart_idx" ON "Product"("saleStart");

-- CreateIndex
CREATE INDEX "Product_searchVector_idx" ON "Product" USING GIN ("searchVector");

-- AddForeignKey
ALTER TABLE "CoPurchase" ADD CONSTRAINT "CoPurchase_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CoPurchase" ADD CONSTRAINT "CoPurchase_otherId_fkey" FOREIGN KEY ("otherId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Listing prices, search words and sales (Decision 088). Prisma's schema language has no
-- functions or triggers; Prisma's diff leaves them alone.

-- What a shopper pays at `at`: lib/domain/pricing.ts isSaleActive in SQL.
CREATE FUNCTION shop_list_price_cents(price integer, on_sale boolean, sale_price integer, sale_start timestamp, sale_end timestamp, at timestamp)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN on_sale AND sale_price IS NOT NULL AND sale_price >= 0 AND sale_price < price
              AND (sale_start IS NULL OR sale_start <= at) AND (sale_end IS NULL OR sale_end > at)
         THEN sale_price ELSE price END
$$;

-- Title (A), tags (B) and description (C) as words; 'simple' lower-cases and does not stem.
CREATE FUNCTION shop_search_vector(title text, tags text[], description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('simple', coalesce(description, '')), 'C')
$$;

-- The words a misspelling may be corrected to: letters only, 3-40 of them.
CREATE FUNCTION shop_search_words(vector tsvector)
RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT w FROM unnest(tsvector_to_array(vector)) AS w WHERE w ~ '^[[:alpha:]]{3,40}$'
$$;

UPDATE "Product" SET
  "searchVector" = shop_search_vector(title, tags, description),
  "listPriceCents" = shop_list_price_cents("priceCents", "onSale", "salePriceCents", "saleStart", "saleEnd", now() AT TIME ZONE 'UTC');

INSERT INTO "SearchWord" (word)
SELECT DISTINCT w FROM "Product", shop_search_words("searchVector") AS w ORDER BY w ON CONFLICT DO NOTHING;

CREATE FUNCTION shop_product_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."listPriceCents" := shop_list_price_cents(NEW."priceCents", NEW."onSale", NEW."salePriceCents", NEW."saleStart", NEW."saleEnd", now() AT TIME ZONE 'UTC');
  IF TG_OP = 'INSERT' OR NEW."searchVector" IS NULL OR NEW.title IS DISTINCT FROM OLD.title
     OR NEW.tags IS DISTINCT FROM OLD.tags OR NEW.description IS DISTINCT FROM OLD.description THEN
    NEW."searchVector" := shop_search_vector(NEW.title, NEW.tags, NEW.description);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER "Product_before_write" BEFORE INSERT OR UPDATE ON "Product"
  FOR EACH ROW EXECUTE FUNCTION shop_product_before_write();

-- New words join the list once per statement (a bulk insert of a million rows reads its words once);
-- in word order, so concurrent writers take the same locks in the same order.
CREATE FUNCTION shop_product_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SearchWord" (word)
  SELECT DISTINCT w FROM new_rows, shop_search_words(new_rows."searchVector") AS w ORDER BY w ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER "Product_words_inserted" AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_product_words_inserted();

CREATE FUNCTION shop_product_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SearchWord" (word)
  SELECT DISTINCT w FROM shop_search_words(NEW."searchVector") AS w ORDER BY w ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER "Product_words_updated" AFTER UPDATE OF title, tags, description ON "Product"
  FOR EACH ROW WHEN (OLD."searchVector" IS DISTINCT FROM NEW."searchVector") EXECUTE FUNCTION shop_product_words_updated();

-- Orders paid before this migration: their sales and co-purchases, as the order-insights job
-- counts them (Decision 089): product lines only (not licence upgrades), the first 12 per order.
WITH paid AS (
  SELECT o.id FROM "Order" o
  WHERE o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required') AND o.kind <> 'subscription'
), lines AS (
  SELECT i."orderId", i."productId", row_number() OVER (PARTITION BY i."orderId" ORDER BY i."productId") AS n
  FROM "OrderItem" i JOIN paid ON paid.id = i."orderId" WHERE i."upgradeOfId" IS NULL
), counted AS (
  SELECT "productId", count(*) AS sales FROM lines WHERE n <= 12 GROUP BY "productId"
)
UPDATE "Product" p SET "salesCount" = counted.sales FROM counted WHERE counted."productId" = p.id;

WITH paid AS (
  SELECT o.id FROM "Order" o
  WHERE o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN ('paid', 'no_payment_required') AND o.kind <> 'subscription'
), lines AS (
  SELECT i."orderId", i."productId", row_number() OVER (PARTITION BY i."orderId" ORDER BY i."productId") AS n
  FROM "OrderItem" i JOIN paid ON paid.id = i."orderId" WHERE i."upgradeOfId" IS NULL
)
INSERT INTO "CoPurchase" ("productId", "otherId", "count", "updatedAt")
SELECT a."productId", b."productId", count(*), now()
FROM lines a JOIN lines b ON a."orderId" = b."orderId" AND a."productId" <> b."productId"
WHERE a.n <= 12 AND b.n <= 12
GROUP BY a."productId", b."productId";

UPDATE "Order" SET "insightsCountedAt" = now()
WHERE "fulfilledAt" IS NOT NULL AND "paymentStatus" IN ('paid', 'no_payment_required') AND kind <> 'subscription';

-- The queues of the order-insights and list-prices jobs, so that a payment can queue its
-- insights before any worker has started (a worker brings the settings up to date).
SELECT pgboss.create_queue('order-insights', '{"policy":"standard","retryLimit":4,"retryDelay":5,"retryBackoff":true,"expireInSeconds":60}');
SELECT pgboss.create_queue('list-prices', '{"policy":"standard","retryLimit":1,"retryDelay":5,"retryBackoff":true,"expireInSeconds":60}');
