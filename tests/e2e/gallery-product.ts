import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';
import { signInAsAdmin } from './helpers';

// Fixtures for the product page specs: a product of their own with a
// three-image gallery (made through the back office's API, as the Edit dialog
// does), so their reviews and wishlists never touch another spec's products.

export type GalleryProduct = { id: string; title: string; alts: string[] };

const png = (r: number, g: number) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r, g, b: 140 } } })
    .png()
    .toBuffer();

const image = async (name: string, r: number, g: number) => ({ name, mimeType: 'image/png', buffer: await png(r, g) });

/** Signs a fresh context in as the admin; close it when done. */
export async function adminRequest(browser: Browser): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { request: page.request, close: () => context.close() };
}

/** A product priced 12.00 AUD with three images, each with its own alt text. */
export async function createGalleryProduct(browser: Browser, label: string): Promise<GalleryProduct> {
  const title = `${label} Gallery Print ${randomBytes(3).toString('hex')}`;
  const admin = await adminRequest(browser);
  try {
    const upload = await admin.request.post('/api/admin/individual-upload', {
      multipart: {
        title,
        price: '12.00',
        category: 'Clip Art',
        mockup: await image('main.png', 220, 60),
        files: { name: 'print.txt', mimeType: 'text/plain', buffer: Buffer.from('print-ready file') },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { product_id: id } = (await upload.json()) as { product_id: string };
    const added = await admin.request.post(`/api/products/${id}/images`, {
      multipart: { images: await image('wall.png', 40, 160) },
    });
    expect(added.status(), await added.text()).toBe(201);
    const more = await admin.request.post(`/api/products/${id}/images`, { multipart: { images: await image('detail.png', 90, 90) } });
    expect(more.status(), await more.text()).toBe(201);
    const { images } = (await more.json()) as { images: { id: string }[] };
    const alts = ['The print on its own', 'The print framed on a living-room wall', 'A close-up of the print'];
    const arranged = await admin.request.put(`/api/products/${id}/images`, { data: images.map((img, i) => ({ id: img.id, alt: alts[i] })) });
    expect(arranged.status(), await arranged.text()).toBe(200);
    return { id, title, alts };
  } finally {
    await admin.close();
  }
}

/** Puts the product on sale now (the Edit dialog's fields). */
export async function putOnSale(browser: Browser, productId: string, salePrice: number): Promise<void> {
  const admin = await adminRequest(browser);
  try {
    const res = await admin.request.put(`/api/products/${productId}`, { data: { on_sale: true, sale_price: salePrice } });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await admin.close();
  }
}

/** Buys the product as the page's signed-in customer through the test payment page; the order's session id. */
export async function buyAsCustomer(page: Page, productId: string): Promise<string> {
  const session = await page.request.post('/api/checkout/session', { data: [{ product_id: productId }] });
  expect(session.ok(), await session.text()).toBe(true);
  const { session_id: sessionId } = (await session.json()) as { session_id: string };
  await page.goto(`/checkout/test/${sessionId}`);
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/success\\?session_id=${sessionId}$`));
  return sessionId;
}

/**
 * No axe violation on the page as it stands. Motion is reduced first: a toast
 * still fading in would be measured at half its opacity, a contrast no one
 * reads it at.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}
