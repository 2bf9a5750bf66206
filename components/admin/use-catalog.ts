'use client';

import useSWR from 'swr';
import type { ApiError } from '@/components/data/api';
import type { AdminProductResponse as AdminProduct, CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';
import { api } from './session';
import { ADMIN_SWR_CONFIG, adminPaths, onLoadFailure, useAdminData } from './use-admin-data';

// The API's largest page; a bigger catalogue shows its first 500 items and says so.
const PRODUCTS_LIMIT = 500;
const PRODUCTS_PATH = `/api/admin/products?limit=${PRODUCTS_LIMIT}`;

type ProductPage = { products: AdminProduct[]; total: number };

// The total rides in a header, so this one path has its own fetcher.
async function fetchProducts(path: string): Promise<ProductPage> {
  const result = await api.get<AdminProduct[]>(path);
  if (!result.ok) throw result.error;
  return { products: result.body, total: Number(result.headers.get('X-Total-Count') ?? result.body.length) };
}

export type Catalog = {
  products: AdminProduct[];
  productTotal: number;
  categories: Category[];
  tags: Tag[];
  loaded: boolean;
  reloadProducts: () => Promise<void>;
  reloadCategories: () => Promise<void>;
  reloadTags: () => Promise<void>;
};

const NONE: never[] = [];

/** Products, categories and tags shared by several tabs; SPEC §7: load failures are only logged. */
export function useCatalog(): Catalog {
  const products = useSWR<ProductPage, ApiError>(PRODUCTS_PATH, fetchProducts, { ...ADMIN_SWR_CONFIG, onError: onLoadFailure({ log: 'products' }) });
  const categories = useAdminData<Category[]>(adminPaths.categories, { log: 'categories' });
  const tags = useAdminData<Tag[]>(adminPaths.tags, { log: 'tags' });

  return {
    products: products.data?.products ?? NONE,
    productTotal: products.data?.total ?? 0,
    categories: categories.data ?? NONE,
    tags: tags.data ?? NONE,
    loaded: !products.isLoading && !categories.isLoading && !tags.isLoading,
    reloadProducts: async () => void (await products.mutate()),
    reloadCategories: async () => void (await categories.mutate()),
    reloadTags: async () => void (await tags.mutate()),
  };
}
