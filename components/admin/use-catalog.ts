'use client';

import { useSWRConfig } from 'swr';
import type { CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';
import { adminPaths, useAdminData } from './use-admin-data';

// The All Products list pages on the server (products-tab.tsx); each page and
// search is its own cache entry under this path, so a change revalidates them all.
export const ADMIN_PRODUCTS_PATH = '/api/admin/products';

export type Catalog = {
  categories: Category[];
  tags: Tag[];
  loaded: boolean;
  reloadProducts: () => Promise<void>;
  reloadCategories: () => Promise<void>;
  reloadTags: () => Promise<void>;
};

const NONE: never[] = [];

/** Categories and tags shared by several tabs, and the product lists' reload; docs/product.md §7: load failures are only logged. */
export function useCatalog(): Catalog {
  const { mutate } = useSWRConfig();
  const categories = useAdminData<Category[]>(adminPaths.categories, { log: 'categories' });
  const tags = useAdminData<Tag[]>(adminPaths.tags, { log: 'tags' });

  return {
    categories: categories.data ?? NONE,
    tags: tags.data ?? NONE,
    loaded: !categories.isLoading && !tags.isLoading,
    reloadProducts: async () => void (await mutate((key) => typeof key === 'string' && key.startsWith(`${ADMIN_PRODUCTS_PATH}?`))),
    reloadCategories: async () => void (await categories.mutate()),
    reloadTags: async () => void (await tags.mutate()),
  };
}
