'use client';

import { useCallback, useEffect, useState } from 'react';
import { api } from './api';
import type { AdminProduct, Category, Tag } from './types';

// The API's largest page; a bigger catalogue shows its first 500 items and says so.
const PRODUCTS_LIMIT = 500;

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

/** Products, categories and tags shared by several tabs; SPEC §7: load failures are only logged. */
export function useCatalog(): Catalog {
  const [products, setProducts] = useState<AdminProduct[]>([]);
  const [productTotal, setProductTotal] = useState(0);
  const [categories, setCategories] = useState<Category[]>([]);
  const [tags, setTags] = useState<Tag[]>([]);
  const [loaded, setLoaded] = useState(false);

  const reloadProducts = useCallback(async () => {
    const result = await api.get<AdminProduct[]>(`/api/admin/products?limit=${PRODUCTS_LIMIT}`);
    if (!result.ok) {
      console.error('[admin] products failed to load', result.status, result.detail);
      return;
    }
    setProducts(result.body);
    setProductTotal(Number(result.headers.get('X-Total-Count') ?? result.body.length));
  }, []);

  const reloadCategories = useCallback(async () => {
    const result = await api.get<Category[]>('/api/categories');
    if (!result.ok) {
      console.error('[admin] categories failed to load', result.status, result.detail);
      return;
    }
    setCategories(result.body);
  }, []);

  const reloadTags = useCallback(async () => {
    const result = await api.get<Tag[]>('/api/tags');
    if (!result.ok) {
      console.error('[admin] tags failed to load', result.status, result.detail);
      return;
    }
    setTags(result.body);
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount (state is set when the request answers); the admin data layer of issue #14 §5 replaces this
    void Promise.all([reloadProducts(), reloadCategories(), reloadTags()]).then(() => setLoaded(true));
  }, [reloadProducts, reloadCategories, reloadTags]);

  return { products, productTotal, categories, tags, loaded, reloadProducts, reloadCategories, reloadTags };
}
