import type { ListingSort } from '@/lib/shop';

// Plain, serialisable catalogue records (dates as ISO strings) so that reads
// can be cached and handed to React components as they are.

export type CatalogItem = {
  id: string;
  isBundle: boolean;
  title: string;
  description: string;
  priceCents: number;
  onSale: boolean;
  salePriceCents: number | null;
  saleStart: string | null;
  saleEnd: string | null;
  imagePath: string | null;
  thumbnailPath: string | null;
  category: string | null;
  subcategory: string | null;
  tags: string[];
  fileCount: number;
  originalFilenames: string[];
  bundleProductIds: string[];
  /** Its own price per licence tier, or a tier switched off for it (Decision 081). */
  licencePrices: { tierId: string; priceCents: number | null; offered: boolean }[];
  createdAt: string;
  updatedAt: string;
};

export type CategoryRecord = {
  id: string;
  name: string;
  subcategories: string[];
  displayImagePath: string | null;
  updatedAt: string;
};

export type CatalogFilter = {
  kind?: 'product' | 'bundle' | 'all';
  category?: string;
  subcategory?: string;
  search?: string;
  /** Absent: newest first, or by best match for a search (Decision 088). */
  sort?: ListingSort;
  /** Products carrying this tag (exactly, as stored: tags are lower-case). */
  tag?: string;
  /** What a shopper pays now (the sale price during a sale), inclusive bounds. */
  minPriceCents?: number;
  maxPriceCents?: number;
  limit?: number;
  offset?: number;
};

export type CatalogPage = { items: CatalogItem[]; total: number };
