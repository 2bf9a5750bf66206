// Settings → Business details over HTTP: the ABN's check digits decide, and a
// refused save changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDetailsResponse } from '@/lib/contract/invoices';
import { adminToken, call, closeDb } from '../security/helpers';
import { expectShape } from './helpers';

const PATH = '/api/admin/settings/business';
let admin: Record<string, string>;

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
});

afterAll(async () => {
  await closeDb();
});

describe('PUT /api/admin/settings/business', () => {
  it('saves valid details with the ABN formatted, and GET answers them', async () => {
    const details = { name: 'Pixel Press Studio Pty Ltd', abn: '51824753556', address: '1 George St', email: 'accounts@example.com', gst_registered: true };
    const saved = await call('PUT', PATH, { headers: admin, json: details });
    expect(saved.status, saved.text).toBe(200);
    expect(expectShape(businessDetailsResponse, saved.body)).toEqual({ ...details, abn: '51 824 753 556' });
    const read = await call('GET', PATH, { headers: admin });
    expect(expectShape(businessDetailsResponse, read.body)).toEqual({ ...details, abn: '51 824 753 556' });
  });

  it('refuses an ABN whose check digits do not match with 400 and fields.abn, keeping the saved details', async () => {
    const refused = await call('PUT', PATH, { headers: admin, json: { name: 'Other', abn: '51 824 753 557', gst_registered: true } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_request', fields: { abn: expect.any(Array) } });
    const read = await call('GET', PATH, { headers: admin });
    expect(read.body).toMatchObject({ name: 'Pixel Press Studio Pty Ltd', abn: '51 824 753 556' });
  });

  it('refuses a malformed body with 400, never 500', async () => {
    for (const json of [{ abn: 'not an abn' }, { email: 'nope' }, { gst_registered: 'yes' }]) {
      const refused = await call('PUT', PATH, { headers: admin, json });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_request' });
    }
  });
});
