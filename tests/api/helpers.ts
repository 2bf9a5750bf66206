// Small HTTP helpers for contract tests against the running shop (SHOP_URL).
export const SHOP_URL = process.env.SHOP_URL as string;

export async function get(path: string, init?: RequestInit) {
  const res = await fetch(`${SHOP_URL}${path}`, { redirect: 'manual', ...init });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : await res.text();
  return { status: res.status, headers: res.headers, body };
}

export type ApiProduct = {
  id: string;
  title: string;
  description: string;
  price: number;
  on_sale: boolean;
  sale_price: number | null;
  category: string | null;
  subcategory: string | null;
  tags: string[];
  image_path: string | null;
  thumbnail_url: string | null;
  is_bundle: boolean;
  product_ids?: string[];
  cover_image_path?: string | null;
};

export async function listProducts(query = ''): Promise<ApiProduct[]> {
  const res = await get(`/api/products${query}`);
  if (res.status !== 200) throw new Error(`GET /api/products${query} → ${res.status}`);
  return res.body as ApiProduct[];
}
