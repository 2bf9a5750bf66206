// Licences on real Postgres and S3, in test payment mode (Decisions 081, 082):
// terms versions kept per licence, a tier's extra files following the
// licence's tier, and the certificate under the invoice's access rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { errorOf, licenceShop } from '../support/licence-shop';
import { pdfText } from '../support/pdf-text';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('LicDocs');

let shop: Awaited<ReturnType<typeof licenceShop>>;
let app: typeof shop.app;
const buy: typeof shop.buy = (...args) => shop.buy(...args);
const licenceOf: typeof shop.licenceOf = (...args) => shop.licenceOf(...args);

beforeAll(async () => {
  shop = await licenceShop(SITE_URL);
  app = shop.app;
});

describe('terms versions', () => {
  it('an edit makes a new version; licences keep the version they were sold under', async () => {
    const key = `trial-${fx.suffix}`;
    await app.createTier('admin', { key, name: 'Trial', summary: 'For trying', terms: '## Version one', priceBasisPoints: 15_000 });
    const product = await fx.product({ priceCents: 1000 });
    const before = await buy([{ productId: product.id, licence: key }]);
    expect(before.order.items[0].priceCents).toBe(1500);
    const edited = await app.updateTier('admin', key, { terms: '## Version two', name: 'Trial plus' });
    expect(edited).toMatchObject({ termsVersion: 2, name: 'Trial plus' });
    // The same text again is no new version.
    expect((await app.updateTier('admin', key, { terms: '## Version two' })).termsVersion).toBe(2);
    const other = await fx.product({ priceCents: 1000 });
    const after = await buy([{ productId: other.id, licence: key }]);
    expect((await licenceOf(before.sessionId, product.id)).termsVersion).toBe(1);
    expect((await licenceOf(after.sessionId, other.id)).termsVersion).toBe(2);
    expect((await app.getTerms(key, 1))?.markdown).toBe('## Version one');
    expect((await app.getTerms(key))?.markdown).toBe('## Version two');
    // Retired: no longer sold, the licences sold under it stand.
    await app.updateTier('admin', key, { retired: true });
    expect(await errorOf(buy([{ productId: (await fx.product({ priceCents: 100 })).id, licence: key }]))).toMatchObject({ code: 'invalid_request' });
    expect((await licenceOf(before.sessionId, product.id)).status).toBe('valid');
  });
});

describe('a tier’s extra files', () => {
  it('go to holders of that tier and above, after every buyer’s files, and unlock on upgrade', async () => {
    const base = { storageKey: `it-lic/${fx.suffix}/base.pdf`, originalFilename: 'base.pdf' };
    const layered = { storageKey: `it-lic/${fx.suffix}/layered.psd`, originalFilename: 'layered.psd' };
    await app.putObject('private', base.storageKey, Buffer.from('base'), 'application/pdf');
    await app.putObject('private', layered.storageKey, Buffer.from('layers'), 'application/octet-stream');
    const product = await fx.product({ priceCents: 1000, files: [layered, base] });
    await app.db().productFile.updateMany({ where: { storageKey: layered.storageKey }, data: { licenceTierId: 'lt_extended' } });
    const user = await fx.user();
    const personal = await buy([{ productId: product.id }], { userId: user.id });
    const names = async (sessionId: string) => (await app.getCheckoutStatus(sessionId, { userId: user.id })).items[0].files.map((f) => f.filename);
    expect(await names(personal.sessionId)).toEqual(['base.pdf']);
    const licence = await licenceOf(personal.sessionId, product.id);
    await buy([{ productId: product.id, licence: 'extended', upgradeLicenceId: licence.id }], { userId: user.id });
    expect(await names(personal.sessionId)).toEqual(['base.pdf', 'layered.psd']);
    // The public catalogue lists every buyer's files only.
    const { getCatalogItem } = await import('@/lib/domain/catalog');
    expect((await getCatalogItem(product.id))?.originalFilenames).toEqual(['base.pdf']);
  });
});

describe('the certificate', () => {
  it('names the seller, holder, product, tier, terms version, licence id and verification address', async () => {
    const user = await fx.user();
    const product = await fx.product({ priceCents: 1000, title: `Certified ${fx.suffix}` });
    const { sessionId } = await buy([{ productId: product.id, licence: 'commercial' }], { userId: user.id });
    const licence = await licenceOf(sessionId, product.id);
    const text = pdfText(Buffer.from((await app.licenceCertificatePdf({ licenceId: licence.id, userId: user.id })).body)).join('\n');
    for (const expected of [
      `Licence ${licence.id}`,
      `Holder: ${user.name}`,
      `Certified ${fx.suffix}`,
      'Licence: Commercial',
      '(version 1)',
      `${SITE_URL}/licence/${licence.id}`,
    ]) {
      expect(text).toContain(expected);
    }
    // The order's owner only; a guest order needs its session id.
    const stranger = await fx.user();
    expect(await errorOf(app.licenceCertificatePdf({ licenceId: licence.id, userId: stranger.id }))).toMatchObject({ code: 'not_found' });
    const guest = await buy([{ productId: product.id }]);
    const guestLicence = await licenceOf(guest.sessionId, product.id);
    expect(await errorOf(app.licenceCertificatePdf({ licenceId: guestLicence.id, userId: null }))).toMatchObject({ code: 'not_found' });
    expect(await errorOf(app.licenceCertificatePdf({ licenceId: guestLicence.id, userId: null, sessionId: guest.sessionId }))).toBeNull();
  });
});
