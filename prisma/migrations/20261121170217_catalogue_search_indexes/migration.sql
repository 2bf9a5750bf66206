-- DropIndex
DROP INDEX "Product_categoryId_subcategory_idx";

-- CreateIndex
CREATE INDEX "Product_createdAt_id_idx" ON "Product"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Product_categoryId_createdAt_id_idx" ON "Product"("categoryId", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Product_categoryId_subcategory_createdAt_id_idx" ON "Product"("categoryId", "subcategory", "createdAt" DESC, "id");

-- Search (title ILIKE '%…%' OR tags @>) is served by the pg_trgm and tags GIN
-- indexes, but under Postgres' default random_page_cost of 4 (spinning disks)
-- the planner prices that bitmap scan above a sequential scan of the whole
-- catalogue: at 100,000 products the seq scan takes ~90 ms, the index ~12 ms.
-- 1.1 is the usual value for SSD / cloud storage. It applies to new sessions of
-- this database only; without the privilege to set it the migration goes on
-- and the DBA can set it (see README, Performance).
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost not set: %', SQLERRM;
END $$;
