-- Live products per (category, subcategory, kind, list price), kept by statement triggers
-- (Decision 098): a listing's count sums these rows instead of counting products.
CREATE TABLE "ProductPriceCount" (
    "categoryId" TEXT NOT NULL DEFAULT '',
    "subcategory" TEXT NOT NULL DEFAULT '',
    "isBundle" BOOLEAN NOT NULL,
    "listPriceCents" INTEGER NOT NULL,
    "products" INTEGER NOT NULL,

    CONSTRAINT "ProductPriceCount_pkey" PRIMARY KEY ("categoryId","subcategory","isBundle","listPriceCents")
);

-- Each statement's changes are summed per key first, so a bulk insert of a million rows
-- writes a few hundred counter rows, and an update that moves no product between keys
-- (a sale count, a rating, a title) writes none and takes no counter lock. Keys are written
-- in order, so concurrent writers lock counter rows in the same order.
CREATE FUNCTION shop_price_counts_apply(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ProductPriceCount" ("categoryId", subcategory, "isBundle", "listPriceCents", products)
  SELECT c.category, c.subcategory, c.bundle, c.price, c.delta
  FROM jsonb_to_recordset(changes) AS c(category text, subcategory text, bundle boolean, price integer, delta integer)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("categoryId", subcategory, "isBundle", "listPriceCents")
  DO UPDATE SET products = "ProductPriceCount".products + EXCLUDED.products
$$;

CREATE FUNCTION shop_price_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shop_price_counts_apply(coalesce((
    SELECT jsonb_agg(k) FROM (
      SELECT coalesce("categoryId", '') AS category, coalesce(subcategory, '') AS subcategory, "isBundle" AS bundle, "listPriceCents" AS price, count(*) AS delta
      FROM new_rows WHERE "deletedAt" IS NULL GROUP BY 1, 2, 3, 4) k), '[]'));
  RETURN NULL;
END
$$;

CREATE FUNCTION shop_price_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shop_price_counts_apply(coalesce((
    SELECT jsonb_agg(k) FROM (
      SELECT category, subcategory, bundle, price, sum(delta) AS delta FROM (
        SELECT coalesce("categoryId", '') AS category, coalesce(subcategory, '') AS subcategory, "isBundle" AS bundle, "listPriceCents" AS price, -1 AS delta
        FROM old_rows WHERE "deletedAt" IS NULL
        UNION ALL
        SELECT coalesce("categoryId", ''), coalesce(subcategory, ''), "isBundle", "listPriceCents", 1
        FROM new_rows WHERE "deletedAt" IS NULL) moves
      GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0) k), '[]'));
  RETURN NULL;
END
$$;

CREATE FUNCTION shop_price_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shop_price_counts_apply(coalesce((
    SELECT jsonb_agg(k) FROM (
      SELECT coalesce("categoryId", '') AS category, coalesce(subcategory, '') AS subcategory, "isBundle" AS bundle, "listPriceCents" AS price, -count(*) AS delta
      FROM old_rows WHERE "deletedAt" IS NULL GROUP BY 1, 2, 3, 4) k), '[]'));
  RETURN NULL;
END
$$;

CREATE FUNCTION shop_price_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ProductPriceCount";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Product_price_counts_inserted" AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_price_counts_inserted();
CREATE TRIGGER "Product_price_counts_updated" AFTER UPDATE ON "Product"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_price_counts_updated();
CREATE TRIGGER "Product_price_counts_deleted" AFTER DELETE ON "Product"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_price_counts_deleted();
CREATE TRIGGER "Product_price_counts_truncated" AFTER TRUNCATE ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION shop_price_counts_truncated();

-- The products already there.
INSERT INTO "ProductPriceCount" ("categoryId", subcategory, "isBundle", "listPriceCents", products)
SELECT coalesce("categoryId", ''), coalesce(subcategory, ''), "isBundle", "listPriceCents", count(*)
FROM "Product" WHERE "deletedAt" IS NULL GROUP BY 1, 2, 3, 4;
