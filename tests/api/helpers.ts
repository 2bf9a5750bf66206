// Small HTTP helpers for contract tests against the running shop (SHOP_URL).
import { expect } from 'vitest';
import { z } from 'zod';
import { productResponse, type ProductResponse } from '@/lib/contract/catalog';
import { errorBodySchema } from '@/lib/contract/error';

export const SHOP_URL = process.env.SHOP_URL as string;

export async function get(path: string, init?: RequestInit) {
  const res = await fetch(`${SHOP_URL}${path}`, { redirect: 'manual', ...init });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : await res.text();
  return { status: res.status, headers: res.headers, body };
}

/**
 * A response body read through its contract schema (lib/contract): a field the
 * server renamed, dropped or retyped fails here, naming the field.
 */
export function expectShape<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`The response does not match its contract:\n${z.prettifyError(parsed.error)}\nBody: ${JSON.stringify(body).slice(0, 1000)}`);
  return parsed.data;
}

/** A 4xx/5xx in the one error shape, with the expected status and code. */
export function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  const error = expectShape(errorBodySchema, res.body);
  expect(error.code).toBe(code);
  return error;
}

export async function listProducts(query = ''): Promise<ProductResponse[]> {
  const res = await get(`/api/products${query}`);
  if (res.status !== 200) throw new Error(`GET /api/products${query} → ${res.status}`);
  return expectShape(z.array(productResponse), res.body);
}
