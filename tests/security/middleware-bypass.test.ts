// docs/security.md S3: middleware is a convenience redirect, never the check. Known
// middleware/proxy bypass tricks (internal subrequest header, RSC and data
// requests, path encodings) must never reach admin data, nor crash the server.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call } from './helpers';

const PAGE_MARKERS = ['Sales Manager', 'Return to Store', 'AdminDashboard'];
const API_MARKERS = ['file_paths', 'files/', 'staging/', 'customer_email', '"orders"', 'original_filenames', 'usage_type', 'current_balance'];

const HEADER_PROBES: Record<string, string>[] = [
  ...[
    'middleware',
    'middleware:middleware:middleware:middleware:middleware',
    'src/middleware',
    'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware',
    'pages/_middleware',
    'proxy:proxy:proxy:proxy:proxy',
    'src/proxy',
  ].map((v) => ({ 'x-middleware-subrequest': v })),
  { rsc: '1' },
  { 'next-router-prefetch': '1', rsc: '1' },
  {
    'next-router-state-tree': encodeURIComponent(
      JSON.stringify(['', { children: ['admin', { children: ['dashboard', { children: ['__PAGE__', {}] }] }] }, null, null, true]),
    ),
    rsc: '1',
  },
  { 'x-nextjs-data': '1' },
  { 'x-middleware-prefetch': '1' },
  { 'next-action': 'x' },
  { 'x-invoke-path': '/admin/dashboard', 'x-invoke-query': '{}' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
];

const PAGE_PATHS = [
  '/admin/dashboard',
  '/admin/dashboard.rsc',
  '/admin/dashboard?_rsc=1',
  '/admin/dashboard/',
  '/admin/dashboard//',
  '//admin/dashboard',
  '/%61dmin/dashboard',
  '/admin%2Fdashboard',
  '/admin%2fdashboard',
  '/%2Fadmin/dashboard',
  '/admin/%64ashboard',
  '/ADMIN/dashboard',
  '/Admin/Dashboard',
  '/admin/./dashboard',
  '/admin/x/../dashboard',
  '/admin/dashboard;',
  '/admin/dashboard/index',
  '/admin/dashboard.json',
  '/_next/data/build/admin/dashboard.json',
  '/admin/dashboard%00',
  '/admin/dashboard%20',
];

const API_PATHS = [
  '/api/admin/products',
  '/api/admin/orders?status=all',
  '/api/admin/vouchers',
  '/api/admin/products/',
  '/api/%61dmin/products',
  '/api/admin%2Fproducts',
  '//api/admin/products',
  '/api/ADMIN/products',
  '/api/admin/products.rsc',
  '/api/admin/./products',
];

const COOKIES = [undefined, 'shop_admin=forged-token-value-that-is-long-enough', 'shop_admin='];

function expectNoAdminData(reply: { status: number; text: string }, markers: string[], label: string) {
  expect(reply.status, `${label} → ${reply.status}`).toBeLessThan(500);
  for (const marker of markers) expect(reply.text.includes(marker), `${label} leaked ${marker}`).toBe(false);
}

describe('the markers mean admin data', () => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken();
  });

  it('the dashboard page shows them to the admin', async () => {
    const page = await call('GET', '/admin/dashboard', { headers: { cookie: `shop_admin=${token}` } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sales Manager');
    expect(page.text).toContain('Return to Store');
  });

  it('the admin API shows them to the admin', async () => {
    const products = await call('GET', '/api/admin/products?limit=5', { headers: { authorization: `Bearer ${token}` } });
    expect(products.text).toContain('file_paths');
    expect(products.text).toContain('files/');
  });
});

describe.each(PAGE_PATHS)('page %s', (path) => {
  it('never shows the dashboard, whatever the bypass headers or cookie', async () => {
    for (const cookie of COOKIES) {
      for (const headers of [{}, ...HEADER_PROBES]) {
        const reply = await call('GET', path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
        expectNoAdminData(reply, PAGE_MARKERS, `${path} ${JSON.stringify(headers)} cookie=${cookie}`);
      }
    }
  });
});

describe.each(API_PATHS)('admin API %s', (path) => {
  it('never answers admin data, whatever the bypass headers or cookie', async () => {
    for (const cookie of COOKIES) {
      for (const headers of [{}, ...HEADER_PROBES]) {
        const reply = await call('GET', path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
        expectNoAdminData(reply, API_MARKERS, `${path} ${JSON.stringify(headers)} cookie=${cookie}`);
        // Next answers a middleware prefetch probe itself with an empty 200 `{}`; anything else must be a refusal.
        if (reply.status === 200) expect(reply.text, `${path} ${JSON.stringify(headers)}`).toBe('{}');
        else expect([401, 404, 307, 308], `${path} ${JSON.stringify(headers)} → ${reply.status}`).toContain(reply.status);
      }
    }
  });
});
