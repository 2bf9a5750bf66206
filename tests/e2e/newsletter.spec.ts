import { expect, test } from '@playwright/test';
import { adminLoginResponse } from '@/lib/contract/admin';
import { signInResponse } from '@/lib/contract/accounts';
import { apiGet, productList, sql, uniqueEmail, waitForMail, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// Admin → Email as a manager uses it (Decision 096): write a newsletter with a
// featured product, preview it, send a test to their own address, send it to
// a segment and watch its progress reach the consenting customer's inbox (the
// run's real SMTP catcher), while a customer without consent gets nothing.

test('a manager writes, previews, tests and sends a newsletter to a segment, and follows its progress', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = await request.post('/api/auth/login', { form: { username: 'admin', password: 'admin' } });
  const owner = { authorization: `Bearer ${adminLoginResponse.parse(await login.json()).token}` };
  // A manager, invited as the owner does it: the invitation's link sets the password.
  const manager = { email: uniqueEmail('newsletter-manager'), password: 'manager passphrase for newsletters' };
  const invited = await request.post('/api/admin/staff', { headers: owner, data: { email: manager.email, name: 'News Manager', role: 'manager' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const invitation = await waitForMail(manager.email, 30_000);
  const token = /\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(invitation.text)![1];
  const accepted = await request.post('/api/auth/accept-invite', { data: { token, new_password: manager.password } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const register = async (label: string) => {
    const email = uniqueEmail(label);
    const res = await request.post('/api/auth/user-register', { form: { email, password: 'Newsletter-Pass-2025', name: `News ${label}` } });
    expect(res.status(), await res.text()).toBe(200);
    return { email, id: signInResponse.parse(await res.json()).user.id };
  };
  const reader = await register('reader');
  const silent = await register('silent');
  // The consent a registration checkbox records (Decision 087's row).
  await sql(`INSERT INTO "EmailPreference" ("userId", category, subscribed, source, "updatedAt") VALUES ($1, 'newsletter', true, 'registration', now())`, [
    reader.id,
  ]);
  const [featured] = await apiGet(request, '/api/products?limit=1', productList);

  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(manager.email);
  await page.getByLabel('Password').fill(manager.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByRole('tab', { name: 'Email', exact: true }).click();
  await expect(page).toHaveURL(/\?tab=email$/);
  const panel = page.getByRole('tabpanel');

  const subject = `Spring news ${Date.now()}`;
  await panel.getByLabel('Subject').fill(subject);
  await panel.getByLabel('Body (Markdown)').fill('## Fresh designs\n\nOur **spring** collection is here.');
  await panel.getByRole('combobox', { name: 'Featured products' }).fill(featured.title);
  const matches = panel.getByRole('listbox', { name: 'Matching products and bundles' });
  await matches.getByRole('option', { name: featured.title, exact: true }).click();
  // Leaving the search closes its suggestions, which would otherwise cover the buttons below.
  await panel.getByLabel('Subject').click();
  await expect(matches).toBeHidden();
  await expect(panel.getByRole('list', { name: 'Featured products, in order' }).getByRole('listitem')).toHaveCount(1);

  await panel.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Preview: ${subject}` });
  await expect(preview).toBeVisible();
  const frame = preview.frameLocator('iframe[title="Newsletter preview"]');
  await expect(frame.getByRole('heading', { name: 'Fresh designs' })).toBeVisible();
  await expect(frame.getByRole('link', { name: featured.title })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await panel.getByRole('button', { name: 'Send test to me' }).click();
  await expect(page.getByText(`Test sent to ${manager.email}`)).toBeVisible();
  const testMail = await waitForMail(manager.email, 30_000, `[Test] ${subject}`);
  expect(testMail.html).toContain('<strong>spring</strong>');

  await panel.getByLabel('Send to').selectOption({ label: 'Customers who never bought' });
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this newsletter?' });
  await expect(confirm).toContainText('It goes to: Customers who never bought.');
  await confirm.getByRole('button', { name: 'Send newsletter' }).click();
  await expect(page.getByText(/^Sending to \d+ recipients$/)).toBeVisible();

  const row = panel.getByRole('list', { name: 'Newsletters' }).getByRole('listitem').filter({ hasText: subject });
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('newsletter-progress')).toHaveText(/^(\d+) of \1 sent · 0 failed · 0 skipped \(unsubscribed\) · 0 unsubscribed since$/);
  await expect(row).toContainText('Customers who never bought');

  const mail = await waitForMail(reader.email, 30_000, subject);
  expect(mail.html).toContain(`/product/${featured.id}`);
  const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "NewsletterDelivery" WHERE email = $1`, [silent.email]);
  expect(n).toBe(0);
});
