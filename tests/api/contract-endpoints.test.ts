// Every GET endpoint of the route list (tests/security/routes.ts), called on the
// seeded shop with real ids and a real session, and read through its contract
// schema: a field renamed, dropped or retyped on the server fails here. A new
// GET route fails the first test until it is given its schema below.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleCreditResponse, bundleCreditSettingsSchema, ownedProductsResponse } from '@/lib/contract/accounts';
import { healthResponse } from '@/lib/contract/admin';
import { adminSessionResponse, auditResponse, staffListResponse, staffSessionsResponse } from '@/lib/contract/staff';
import { adminProductResponse, bannerResponse, bundleResponse, categoryResponse, productResponse, tagResponse } from '@/lib/contract/catalog';
import { fileHistoryResponse } from '@/lib/contract/file-versions';
import { checkoutSessionResponse, checkoutStatusResponse } from '@/lib/contract/checkout';
import { adminCustomerDetailResponse, adminCustomersResponse } from '@/lib/contract/customers';
import { discountCodeResponse } from '@/lib/contract/discounts';
import { errorBodySchema } from '@/lib/contract/error';
import { insightsResponse } from '@/lib/contract/insights';
import { shopIdentityResponse, shopPageResponse } from '@/lib/contract/shop-identity';
import { businessDetailsResponse } from '@/lib/contract/invoices';
import { adminTiersResponse, licenceTierResponse, licenceVerificationResponse } from '@/lib/contract/licences';
import {
  membershipPaymentsResponse,
  membershipStatusResponse,
  promoCodeResponse,
  subscribeResponse,
  subscriptionStatusResponse,
} from '@/lib/contract/membership';
import {
  abandonedCheckoutSettingsSchema,
  newsletterListResponse,
  newsletterPreviewResponse,
  newsletterProgressResponse,
  newsletterResponse,
} from '@/lib/contract/newsletters';
import { adminOrdersResponse, customerOrdersResponse } from '@/lib/contract/orders';
import { adminReview, ownReviewResponse, reviewListResponse, reviewSettingsSchema } from '@/lib/contract/reviews';
import { activeSaleResponse } from '@/lib/contract/sales';
import { bulkUploadResponse, uploadProgressResponse } from '@/lib/contract/uploads';
import { customerVouchersResponse, voucherCreateResponse, voucherResponse } from '@/lib/contract/vouchers';
import { wishlistResponse } from '@/lib/contract/wishlist';
import { emailPreferencesResponse } from '@/lib/contract/marketing';
import { adminToken, call, clearRateLimits, closeDb, registerCustomer, sql, unique, type Customer } from '../security/helpers';
import { ADMIN_ROUTES, PUBLIC_ROUTES } from '../security/routes';
import { expectShape } from './helpers';

type Ids = {
  productId: string;
  bundleId: string;
  userId: string;
  orderSessionId: string;
  membershipSessionId: string;
  batchId: string;
  licenceId: string;
  newsletterId: string;
};

/**
 * Each GET template: the path to call on the seeded shop, who calls it, and the
 * schema of its answer. `nonEmpty` lists must hold at least one item, or the
 * parse of its items would prove nothing.
 */
type Probe = { path: (ids: Ids) => string; as: 'visitor' | 'customer' | 'admin'; schema: z.ZodType; status?: number; nonEmpty?: boolean };

const PROBES: Record<string, Probe> = {
  '/api/[...path]': { path: () => '/api/no/such/endpoint', as: 'visitor', schema: errorBodySchema, status: 404 },
  '/api/account/owned': { path: () => '/api/account/owned', as: 'customer', schema: ownedProductsResponse },
  '/api/account/bundle-credit': { path: (ids) => `/api/account/bundle-credit?ids=${ids.bundleId}`, as: 'customer', schema: bundleCreditResponse },
  '/api/account/vouchers': { path: () => '/api/account/vouchers', as: 'customer', schema: customerVouchersResponse },
  '/api/account/reviews/[productId]': { path: (ids) => `/api/account/reviews/${ids.productId}`, as: 'customer', schema: ownReviewResponse },
  '/api/account/wishlist': { path: () => '/api/account/wishlist', as: 'customer', schema: wishlistResponse },
  '/api/account/email-preferences': { path: () => '/api/account/email-preferences', as: 'customer', schema: emailPreferencesResponse },
  '/api/bundles': { path: () => '/api/bundles', as: 'visitor', schema: z.array(bundleResponse), nonEmpty: true },
  '/api/bundles/[id]': { path: (ids) => `/api/bundles/${ids.bundleId}`, as: 'visitor', schema: bundleResponse },
  '/api/categories': { path: () => '/api/categories', as: 'visitor', schema: z.array(categoryResponse), nonEmpty: true },
  '/api/checkout/status/[sessionId]': { path: (ids) => `/api/checkout/status/${ids.orderSessionId}`, as: 'customer', schema: checkoutStatusResponse },
  '/api/health': { path: () => '/api/health', as: 'visitor', schema: healthResponse },
  '/api/licences': { path: () => '/api/licences', as: 'visitor', schema: z.array(licenceTierResponse), nonEmpty: true },
  '/api/licences/verify/[licenceId]': { path: (ids) => `/api/licences/verify/${ids.licenceId}`, as: 'visitor', schema: licenceVerificationResponse },
  '/api/admin/licences': { path: () => '/api/admin/licences', as: 'admin', schema: adminTiersResponse },
  '/api/membership/payments/[userId]': { path: (ids) => `/api/membership/payments/${ids.userId}`, as: 'customer', schema: membershipPaymentsResponse },
  '/api/membership/status/[userId]': { path: (ids) => `/api/membership/status/${ids.userId}`, as: 'customer', schema: membershipStatusResponse },
  '/api/membership/subscription-status/[sessionId]': {
    path: (ids) => `/api/membership/subscription-status/${ids.membershipSessionId}`,
    as: 'customer',
    schema: subscriptionStatusResponse,
  },
  '/api/orders/[userId]': { path: (ids) => `/api/orders/${ids.userId}`, as: 'customer', schema: customerOrdersResponse },
  '/api/products': { path: () => '/api/products', as: 'visitor', schema: z.array(productResponse), nonEmpty: true },
  '/api/products/[id]': { path: (ids) => `/api/products/${ids.productId}`, as: 'visitor', schema: productResponse },
  '/api/products/[id]/reviews': { path: (ids) => `/api/products/${ids.productId}/reviews`, as: 'visitor', schema: reviewListResponse },
  '/api/products/[id]/file-history': { path: (ids) => `/api/products/${ids.productId}/file-history`, as: 'admin', schema: fileHistoryResponse },
  '/api/recommendations': { path: (ids) => `/api/recommendations?product_ids=${ids.productId}`, as: 'visitor', schema: z.array(productResponse) },
  '/api/settings/banner': { path: () => '/api/settings/banner', as: 'visitor', schema: bannerResponse },
  '/api/tags': { path: () => '/api/tags', as: 'visitor', schema: z.array(tagResponse), nonEmpty: true },
  '/api/admin/active-sales': { path: () => '/api/admin/active-sales', as: 'admin', schema: z.array(activeSaleResponse), nonEmpty: true },
  '/api/admin/reviews': { path: () => '/api/admin/reviews', as: 'admin', schema: z.array(adminReview) },
  '/api/admin/settings/reviews': { path: () => '/api/admin/settings/reviews', as: 'admin', schema: reviewSettingsSchema },
  '/api/admin/settings/bundle-credit': { path: () => '/api/admin/settings/bundle-credit', as: 'admin', schema: bundleCreditSettingsSchema },
  '/api/admin/settings/business': { path: () => '/api/admin/settings/business', as: 'admin', schema: businessDetailsResponse },
  '/api/admin/insights': { path: () => '/api/admin/insights?from=2025-07-01&to=2026-06-30&interval=month', as: 'admin', schema: insightsResponse },
  '/api/admin/settings/shop': { path: () => '/api/admin/settings/shop', as: 'admin', schema: shopIdentityResponse },
  '/api/admin/settings/pages/[slug]': { path: () => '/api/admin/settings/pages/about', as: 'admin', schema: shopPageResponse },
  '/api/admin/customers': { path: () => '/api/admin/customers', as: 'admin', schema: adminCustomersResponse },
  '/api/admin/customers/[id]': { path: (ids) => `/api/admin/customers/${ids.userId}`, as: 'admin', schema: adminCustomerDetailResponse },
  '/api/admin/discounts': { path: () => '/api/admin/discounts', as: 'admin', schema: z.array(discountCodeResponse), nonEmpty: true },
  '/api/admin/orders': { path: () => '/api/admin/orders?status=all', as: 'admin', schema: adminOrdersResponse },
  '/api/admin/products': { path: () => '/api/admin/products', as: 'admin', schema: z.array(adminProductResponse), nonEmpty: true },
  '/api/admin/promo-codes': { path: () => '/api/admin/promo-codes', as: 'admin', schema: z.array(promoCodeResponse), nonEmpty: true },
  '/api/admin/session': { path: () => '/api/admin/session', as: 'admin', schema: adminSessionResponse },
  '/api/admin/staff': { path: () => '/api/admin/staff', as: 'admin', schema: staffListResponse, nonEmpty: true },
  '/api/admin/account/sessions': { path: () => '/api/admin/account/sessions', as: 'admin', schema: staffSessionsResponse, nonEmpty: true },
  '/api/admin/audit': { path: () => '/api/admin/audit', as: 'admin', schema: auditResponse },
  '/api/admin/upload-progress/[batchId]': { path: (ids) => `/api/admin/upload-progress/${ids.batchId}`, as: 'admin', schema: uploadProgressResponse },
  '/api/admin/vouchers': { path: () => '/api/admin/vouchers', as: 'admin', schema: z.array(voucherResponse), nonEmpty: true },
  '/api/admin/newsletters': { path: () => '/api/admin/newsletters', as: 'admin', schema: newsletterListResponse },
  '/api/admin/newsletters/[id]': { path: (ids) => `/api/admin/newsletters/${ids.newsletterId}`, as: 'admin', schema: newsletterResponse },
  '/api/admin/newsletters/[id]/preview': {
    path: (ids) => `/api/admin/newsletters/${ids.newsletterId}/preview`,
    as: 'admin',
    schema: newsletterPreviewResponse,
  },
  '/api/admin/newsletters/[id]/progress': {
    path: (ids) => `/api/admin/newsletters/${ids.newsletterId}/progress`,
    as: 'admin',
    schema: newsletterProgressResponse,
  },
  '/api/admin/settings/abandoned-checkout': { path: () => '/api/admin/settings/abandoned-checkout', as: 'admin', schema: abandonedCheckoutSettingsSchema },
  // A valid link comes only in a recovery email (tests/api/newsletters.test.ts reads one); a forged one is refused in the error shape.
  '/api/cart/restore': { path: () => '/api/cart/restore?token=r1.forged', as: 'visitor', schema: errorBodySchema, status: 400 },
};

/** GET routes that answer something other than JSON of ours, each with its reason. */
const NOT_JSON: Record<string, string> = {
  '/api/auth/[...nextauth]': "next-auth's own endpoints and shapes",
  '/api/download/[sessionId]/[productId]': 'a 302 to a presigned URL, no body',
  '/api/download/[sessionId]/all': 'a streamed ZIP archive',
  '/api/orders/invoice/[sessionId]': 'a PDF document',
  '/api/licences/[licenceId]/certificate': 'a PDF document (tests/api/licences.test.ts)',
  '/api/orders/invoice/[sessionId]/adjustments/[refundId]': 'a PDF document (tests/integration/adjustment-notes.test.ts)',
  '/api/admin/orders/[sessionId]/downloads.csv': 'a CSV download log (tests/api/refunds.test.ts)',
  '/api/admin/audit.csv': 'a streamed CSV (tests/api/staff.test.ts)',
  '/api/admin/orders.csv': 'a streamed CSV (tests/api/exports-imports.test.ts)',
  '/api/admin/customers.csv': 'a streamed CSV (tests/api/exports-imports.test.ts)',
  '/api/admin/products.csv': 'a streamed CSV (tests/api/exports-imports.test.ts)',
  '/api/media/[...key]': 'image bytes',
};

const getTemplates = () => [...PUBLIC_ROUTES, ...ADMIN_ROUTES].filter((r) => r.startsWith('GET ')).map((r) => r.slice('GET '.length));

let ids: Ids;
let customer: Customer;
let admin: Record<string, string>;

async function tinyPng(): Promise<Blob> {
  const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  customer = await registerCustomer('contract');
  // Vouchers are shown once the address is proven; the emailed link is the e2e suite's business.
  await sql(`UPDATE "User" SET "emailVerifiedAt" = now() WHERE id = $1`, [customer.id]);

  const [product] = expectShape(z.array(productResponse), (await call('GET', '/api/products?limit=1')).body);
  const [bundle] = expectShape(z.array(bundleResponse), (await call('GET', '/api/bundles?limit=1')).body);

  // A paid order of the customer's (a 100 % voucher of their own), so their lists have an item to parse.
  const voucher = await call('POST', '/api/admin/vouchers/create', {
    headers: admin,
    json: { customer_email: customer.email, type: 'percentage', value: 100, usage_type: 'reusable', notes: 'contract walk' },
  });
  expect(voucher.status, voucher.text).toBe(201);
  const { code } = expectShape(voucherCreateResponse, voucher.body);
  const checkout = await call('POST', `/api/checkout/session?discount_code=${code}`, { headers: customer.auth, json: [{ product_id: product.id }] });
  expect(checkout.status, checkout.text).toBe(200);
  const orderSessionId = expectShape(checkoutSessionResponse, checkout.body).session_id;

  const subscribe = await call('POST', '/api/membership/subscribe', { headers: customer.auth, form: { plan_interval: 'month' } });
  expect(subscribe.status, subscribe.text).toBe(200);
  const membershipSessionId = expectShape(subscribeResponse, subscribe.body).session_id;

  const promo = await call('POST', '/api/admin/promo-codes', { headers: admin, json: { code: `WALK-${unique()}`, percent_off: 10 } });
  expect(promo.status, promo.text).toBe(201);
  const discount = await call('POST', '/api/admin/discounts', { headers: admin, json: { code: `WALK-${unique()}`, type: 'percentage', value: 10 } });
  expect(discount.status, discount.text).toBe(201);

  const upload = new FormData();
  upload.append('price', '3.00');
  upload.append('category', 'Clip Art');
  upload.append('tags', `walk-${unique()}`);
  upload.append('files', await tinyPng(), `contract walk ${unique()}.png`);
  const bulk = await call('POST', '/api/admin/bulk-upload', { headers: admin, body: upload });
  expect(bulk.status, bulk.text).toBe(202);

  const [licence] = await sql<{ id: string }>(
    `SELECT l.id FROM "Licence" l JOIN "OrderItem" i ON i.id = l."orderItemId" JOIN "Order" o ON o.id = i."orderId" WHERE o."sessionId" = $1`,
    [orderSessionId],
  );
  const newsletter = await call('POST', '/api/admin/newsletters', { headers: admin, json: { subject: `Walk ${unique()}`, markdown: '# Hello\n\nNews.' } });
  expect(newsletter.status, newsletter.text).toBe(201);
  ids = {
    newsletterId: expectShape(newsletterResponse, newsletter.body).id,
    licenceId: licence.id,
    productId: product.id,
    bundleId: bundle.id,
    userId: customer.id,
    orderSessionId,
    membershipSessionId,
    batchId: expectShape(bulkUploadResponse, bulk.body).batch_id,
  };
});

afterAll(async () => {
  await clearRateLimits('checkout', 'register', 'licence-verify');
  await closeDb();
});

describe('the contract of every GET endpoint', () => {
  it('has a schema (or a reason it has none) for every GET route in the route list', () => {
    const missing = getTemplates().filter((t) => !PROBES[t] && !NOT_JSON[t]);
    expect(missing).toEqual([]);
    const stale = Object.keys({ ...PROBES, ...NOT_JSON }).filter((t) => !getTemplates().includes(t));
    expect(stale).toEqual([]);
  });

  it.each(Object.entries(PROBES))('GET %s answers in its schema', async (_template, probe) => {
    const headers = probe.as === 'admin' ? admin : probe.as === 'customer' ? customer.auth : {};
    const res = await call('GET', probe.path(ids), { headers });
    expect(res.status, res.text).toBe(probe.status ?? 200);
    const body = expectShape(probe.schema, res.body);
    if (probe.nonEmpty) expect((body as unknown[]).length).toBeGreaterThan(0);
  });

  it("reads the customer's own order, voucher and membership checkout in its lists", async () => {
    const orders = expectShape(customerOrdersResponse, (await call('GET', `/api/orders/${ids.userId}`, { headers: customer.auth })).body);
    expect(orders.orders.map((o) => o.session_id)).toContain(ids.orderSessionId);
    const vouchers = expectShape(customerVouchersResponse, (await call('GET', '/api/account/vouchers', { headers: customer.auth })).body);
    expect(vouchers).toMatchObject({ email_verified: true, vouchers: [expect.objectContaining({ type: 'percentage', value: 100 })] });
    const status = expectShape(checkoutStatusResponse, (await call('GET', `/api/checkout/status/${ids.orderSessionId}`, { headers: customer.auth })).body);
    expect(status).toMatchObject({ payment_status: 'paid', items: [expect.objectContaining({ product_id: ids.productId })] });
    const membership = expectShape(
      subscriptionStatusResponse,
      (await call('GET', `/api/membership/subscription-status/${ids.membershipSessionId}`, { headers: customer.auth })).body,
    );
    expect(membership).toEqual({ status: 'pending', current_period_end: null });
    const adminOrders = expectShape(adminOrdersResponse, (await call('GET', '/api/admin/orders?status=all', { headers: admin })).body);
    expect(adminOrders.orders.find((o) => o.session_id === ids.orderSessionId)?.products.length).toBeGreaterThan(0);
  });
});
