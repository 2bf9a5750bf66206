// Helpers for the security tests: they talk HTTP to the running production
// build (SHOP_URL) and, to prove "nothing was written", read Postgres directly.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { signInResponse } from '@/lib/contract/accounts';
import { adminLoginResponse } from '@/lib/contract/admin';
import { expectShape, SHOP_URL } from '../api/helpers';

export { SHOP_URL };

export type Reply = { status: number; headers: Headers; text: string; body: unknown };

export async function call(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; body?: BodyInit } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  let body: BodyInit | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = new URLSearchParams(init.form);
  }
  return toReply(await fetch(`${SHOP_URL}${path}`, { method, headers, body, redirect: 'manual' }));
}

/** A response read whole: its text, and the parsed body when it is JSON (pages and redirects are not). */
export async function toReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: pages, redirects
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** The one error shape of every endpoint: `{detail, code, fields?}`. */
export function expectErrorShape(reply: Reply, statuses: number | number[]) {
  expect([statuses].flat()).toContain(reply.status);
  expect(reply.body).toMatchObject({ detail: expect.any(String), code: expect.stringMatching(/^[a-z_]+$/) });
  const keys = Object.keys(reply.body as object);
  expect(keys.every((k) => ['detail', 'code', 'fields'].includes(k))).toBe(true);
}

export const unique = () => randomBytes(5).toString('hex');

export type Customer = { id: string; email: string; token: string; auth: Record<string, string>; cookie: string };

/** Registers a customer through the API; the returned token works as `Authorization: Bearer`. */
export async function registerCustomer(label: string): Promise<Customer> {
  const email = `${label}-${unique()}@example.com`;
  const res = await call('POST', '/api/auth/user-register', { form: { email, password: 'correct horse battery', name: `Sec ${label}` } });
  expect(res.status, res.text).toBe(200);
  const body = expectShape(signInResponse, res.body);
  // The browser's session cookie exactly as the shop set it (name=value).
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  expect(cookie).toContain(body.token);
  return { id: body.user.id, email, token: body.token, auth: { authorization: `Bearer ${body.token}` }, cookie };
}

export async function adminToken(): Promise<string> {
  const res = await call('POST', '/api/auth/login', { form: { username: 'admin', password: 'admin' } });
  expect(res.status, res.text).toBe(200);
  return expectShape(adminLoginResponse, res.body).token;
}

let pool: pg.Pool | undefined;

/** Direct reads of the shop's database, to prove a refused request wrote nothing. */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  return (await pool.query(text, values)).rows as T[];
}

export async function closeDb() {
  await pool?.end();
  pool = undefined;
}

export async function count(table: string, where = 'true', values: unknown[] = []): Promise<number> {
  const [row] = await sql<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}" WHERE ${where}`, values);
  return Number(row.n);
}

/** Forgets this machine's rate-limit counters so later runners (e2e) start fresh. */
export async function clearRateLimits(...prefixes: string[]) {
  for (const prefix of prefixes) await sql(`DELETE FROM "RateLimit" WHERE key LIKE $1`, [`${prefix}:%`]);
}
