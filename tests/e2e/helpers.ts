import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { QueryResultRow } from 'pg';
import { z } from 'zod';
import { bannerResponse, bundleResponse, categoryResponse, productResponse, type ProductResponse } from '@/lib/contract/catalog';
import { query } from '../../scripts/lib/pg-query';

/** The contract schemas of the answers the browser tests read. */
export const productList = z.array(productResponse);
export const bundleList = z.array(bundleResponse);
export const categoryList = z.array(categoryResponse);
export { bannerResponse };

export type { ProductResponse };

/** A GET of the shop's API, read through its contract schema (a renamed field fails here). */
export async function apiGet<S extends z.ZodType>(request: APIRequestContext, path: string, schema: S): Promise<z.infer<S>> {
  const res = await request.get(path);
  if (!res.ok()) throw new Error(`${path} → ${res.status()}`);
  return schema.parse(await res.json());
}

export const aud = (dollars: number) => `${dollars.toFixed(2)} AUD`;

/**
 * Chooses `option` in the searchable picker labelled `label` (components/ui/combobox.tsx),
 * as a person does: types part of the name, then clicks it in the narrowed list.
 */
export async function pick(scope: Page | Locator, label: string, option: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(option);
  await scope.getByRole('listbox', { name: label, exact: true }).getByRole('option', { name: option, exact: true }).click();
}

/** One query on the test database (DATABASE_URL from `npm test`), for fixtures the UI cannot make. */
export async function sql<T extends QueryResultRow = QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the browser tests through `npm test -- e2e`');
  return query<T>(url, text, values);
}

const uniqueSuffix = () => randomBytes(4).toString('hex').toUpperCase();

/**
 * A percentage discount code, unique per run. Its owner address is empty on
 * purpose: checkout copies a voucher owner's address onto the order, and the
 * flow under test is a guest entering their own receipt address.
 */
export async function createPercentageVoucher(percent: number): Promise<string> {
  const code = `E2E${percent}-${uniqueSuffix()}`;
  await sql(
    `INSERT INTO "Voucher" (id, code, "customerEmail", type, "valueBasisPoints", "usageType", notes)
     VALUES ($1, $2, '', 'percentage', $3, 'one_time', 'e2e checkout test')`,
    [`e2e${randomBytes(12).toString('hex')}`, code, Math.round(percent * 100)],
  );
  return code;
}

export const uniqueEmail = (label: string) => `${label}-${uniqueSuffix().toLowerCase()}@example.com`;

export { waitForMail, type CaughtMail } from '../support/mail';

/**
 * Every browser test comes from one address (127.0.0.1): the suite registers and signs in far
 * more customers than the per-client registration and sign-in limits allow one visitor
 * (docs/security.md A2, A11), so each file that does starts with them cleared. The limits
 * themselves are tested in tests/security.
 */
export async function clearClientLimits(): Promise<void> {
  await sql(`DELETE FROM "RateLimit" WHERE split_part(key, ':', 1) = ANY($1)`, [
    ['register', 'login', 'login-pair', 'login-device', 'admin-login', 'admin-login-device'],
  ]);
}

/** Signs the page in as the demo admin, on the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Registers a customer through the login page's Register tab; the page is then signed in as them. */
export async function registerCustomer(page: Page, customer: { name: string; email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Name').fill(customer.name);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}
