import { expect, test, type Page } from '@playwright/test';
import { apiGet, productList, registerCustomer, signInAsAdmin, uniqueEmail, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// The back office refunds one item of a customer's order (test payment mode):
// the card shows it Refunded with the order's download log and its CSV export,
// and My Orders shows the item Refunded with no download button, the other kept.
// A membership payment is refunded from the same dialog, the owner choosing
// what becomes of the membership (Decision 075).

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function registerTester(page: Page, email: string) {
  await registerCustomer(page, { name: 'Refund Tester', email, password: 'Refund-Pass-2026' });
  await expect(page).toHaveURL(/\/membership$/);
}

async function adminOrderCard(admin: Page, sessionId: string) {
  await signInAsAdmin(admin);
  await admin.goto('/admin/dashboard?tab=orders');
  await admin.getByLabel('Search email or session id').fill(sessionId);
  const card = admin.getByTestId('admin-order').filter({ hasText: sessionId.slice(-8) });
  await expect(card).toHaveCount(1);
  return card;
}

test('the admin refunds one item of two; the download log, My Orders and its adjustment note follow', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const products = (await apiGet(request, '/api/products?limit=100', productList)).filter((p) => !p.is_bundle);
  const [gone, kept] = products.slice(0, 2);
  const email = uniqueEmail('refund-e2e');

  await test.step('a customer registers and buys two products', async () => {
    await registerTester(page, email);
    const origin = { origin: baseURL! };
    const checkout = await page.request.post('/api/checkout/session', { headers: origin, data: [{ product_id: gone.id }, { product_id: kept.id }] });
    expect(checkout.status()).toBe(200);
    const sessionId = /cs_test_[A-Za-z0-9_]+/.exec(((await checkout.json()) as { url: string }).url)![0];
    expect((await page.request.post(`/api/checkout/test/${sessionId}/complete`, { headers: origin, data: {} })).status()).toBe(200);
    // One download of the kept item: the log's first line.
    expect((await page.request.get(`/api/download/${sessionId}/${kept.id}`, { maxRedirects: 0 })).status()).toBe(302);
    test.info().annotations.push({ type: 'session', description: sessionId });
  });
  const sessionId = test.info().annotations.find((a) => a.type === 'session')!.description!;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await test.step('the admin refunds one of the two items', async () => {
    const card = await adminOrderCard(admin, sessionId);
    await expect(card.getByTestId('download-log')).toHaveCount(1);
    await expect(card.getByTestId('download-log')).toContainText(kept.title);

    await card.getByRole('button', { name: 'Refund…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund Order' });
    await dialog.getByRole('checkbox', { name: new RegExp(kept.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).uncheck();
    await dialog.getByRole('button', { name: 'Refund 1 item' }).click();
    await admin.getByRole('dialog', { name: 'Refund these items?' }).getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(toast(admin, 'Refunded 1 item')).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: gone.title }).getByText('Refunded', { exact: true })).toBeVisible();
    await expect(card.getByTestId('order-refund')).toContainText('by admin');

    const csvLink = card.getByRole('link', { name: 'Export CSV' });
    await expect(csvLink).toHaveAttribute('href', `/api/admin/orders/${sessionId}/downloads.csv`);
    const csv = await admin.request.get((await csvLink.getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(`"${kept.id}"`);
  });
  await adminContext.close();

  await test.step('My Orders shows the refunded item without downloads, the other with its file', async () => {
    await page.goto('/my-orders');
    const order = page.getByTestId('order-card').filter({ hasText: sessionId.slice(-12) });
    const line = (title: string) => order.getByTestId('order-product').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(line(gone.title).getByTestId('order-product-refunded')).toContainText('Refunded');
    const downloads = (title: string) => line(title).locator('a[href^="/api/download/"]');
    await expect(downloads(gone.title)).toHaveCount(0);
    await expect(downloads(kept.title).first()).toBeVisible();

    // The refund's adjustment note (a credit note when the shop is not registered for GST).
    const note = order.getByTestId('adjustment-note-link');
    await expect(note).toHaveCount(1);
    await expect(note).toHaveAttribute('href', new RegExp(`^/api/orders/invoice/${sessionId}/adjustments/[A-Za-z0-9_-]+$`));
    const pdf = await page.request.get((await note.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test('the admin refunds a membership payment, keeping the membership to the end of its period', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await registerTester(page, uniqueEmail('refund-member'));
  const origin = { origin: baseURL! };
  const subscribed = await page.request.post('/api/membership/subscribe', { headers: origin, data: { plan_interval: 'month' } });
  expect(subscribed.status()).toBe(200);
  const { session_id: sessionId } = (await subscribed.json()) as { session_id: string };
  expect((await page.request.post(`/api/checkout/test/${sessionId}/complete`, { headers: origin, data: {} })).status()).toBe(200);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const card = await adminOrderCard(admin, sessionId);
  await card.getByRole('button', { name: 'Refund…' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund Order' });
  await expect(dialog.getByRole('radio', { name: /End it now/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /Keep it to the end of the paid period/ }).check();
  await dialog.getByRole('button', { name: 'Refund payment' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Refund this membership payment?' });
  await expect(confirm).toContainText('the membership lasts to the end of its paid period and does not renew');
  await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(toast(admin, 'Refunded the membership payment (35.00 AUD)')).toBeVisible();
  await expect(card.getByTestId('order-refund')).toContainText('Refunded (membership to period end) 35.00 AUD');
  await expect(card.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  await adminContext.close();

  // Still a member, to the end of the period, without renewal.
  await page.goto('/membership');
  await expect(page.locator('dt').filter({ hasText: 'Access until' })).toBeVisible();
});
