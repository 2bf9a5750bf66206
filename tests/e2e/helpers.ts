import type { APIRequestContext } from '@playwright/test';

export type ApiItem = {
  id: string;
  title: string;
  price: number;
  on_sale: boolean;
  sale_price: number | null;
  category: string | null;
  subcategory: string | null;
  tags: string[];
  is_bundle: boolean;
};

export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  if (!res.ok()) throw new Error(`${path} → ${res.status()}`);
  return (await res.json()) as T;
}

export const aud = (dollars: number) => `${dollars.toFixed(2)} AUD`;
