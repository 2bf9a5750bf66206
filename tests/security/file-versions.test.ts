// Only the admin replaces files or emails buyers (Decision 68): a customer's
// token or cookie, a visitor, and a forged admin cookie are refused (401) on a
// real product's real files, and nothing is stored or queued.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, closeDb, count, registerCustomer, sql, unique, type Customer } from './helpers';

let customer: Customer;
let productId: string;
let fileId: string;
let updatedFileId: string;

beforeAll(async () => {
  customer = await registerCustomer('versions-sec');
  const admin = { authorization: `Bearer ${await adminToken()}` };
  // A product of its own, so no other test's files change.
  const upload = new FormData();
  upload.append('title', `Security versions ${unique()}`);
  upload.append('price', '5');
  upload.append('category', 'Clip Art');
  const mockup = await sharp({ create: { width: 30, height: 30, channels: 3, background: { r: 10, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  upload.append('mockup', new Blob([new Uint8Array(mockup)], { type: 'image/png' }), 'mockup.png');
  upload.append('files', new Blob(['security v1'], { type: 'text/plain' }), 'security.txt');
  const created = await call('POST', '/api/admin/individual-upload', { headers: admin, body: upload });
  expect(created.status, created.text).toBe(201);
  productId = (created.body as { product_id: string }).product_id;
  [{ id: fileId }] = await sql<{ id: string }>(`SELECT id FROM "ProductFile" WHERE "productId" = $1`, [productId]);
  // An updated file, so a refused notify is refused for being unauthorised, not for being unannounceable.
  const body = new FormData();
  body.append('file', new Blob(['security v2'], { type: 'text/plain' }), 'security-v2.txt');
  const res = await call('POST', `/api/products/${productId}/files/${fileId}/versions`, { headers: admin, body });
  expect(res.status, res.text).toBe(201);
  updatedFileId = (res.body as { id: string }).id;
});

afterAll(closeDb);

const callers = () => ({
  'a customer token': customer.auth,
  'a customer cookie': { cookie: customer.cookie },
  'a visitor': {},
  'a forged admin cookie': { cookie: 'shop_admin=forged-admin-session-0123456789abcdef' },
});

describe('file versions and update emails are admin only', () => {
  it('refuses a new version from anyone else, storing nothing', async () => {
    const before = await count('ProductFile', '"productId" = $1', [productId]);
    for (const [who, headers] of Object.entries(callers())) {
      const body = new FormData();
      body.append('file', new Blob(['attacker bytes'], { type: 'text/plain' }), 'evil.txt');
      const res = await call('POST', `/api/products/${productId}/files/${updatedFileId}/versions`, { headers, body });
      expect(res.status, who).toBe(401);
    }
    expect(await count('ProductFile', '"productId" = $1', [productId])).toBe(before);
    expect(await count('ProductFile', `"originalFilename" = 'evil.txt'`)).toBe(0);
  });

  it('refuses to email buyers for anyone else, queuing nothing', async () => {
    for (const [who, headers] of Object.entries(callers())) {
      const res = await call('POST', `/api/products/${productId}/files/${updatedFileId}/notify`, { headers });
      expect(res.status, who).toBe(401);
    }
    expect(await count('FileUpdateNotice', '"fileId" = $1', [updatedFileId])).toBe(0);
  });

  it('shows the versions log to no one else', async () => {
    for (const [who, headers] of Object.entries(callers())) {
      const res = await call('GET', `/api/products/${productId}/file-history`, { headers });
      expect(res.status, who).toBe(401);
      expect(res.text).not.toContain('security-v2.txt');
    }
  });
});
