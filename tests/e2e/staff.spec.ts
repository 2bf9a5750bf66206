import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { uniqueEmail, waitForMail, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// Staff end to end (Decision 084): the owner invites, the member sets a
// password from the emailed link, enrols an authenticator app (the code is
// computed from the secret the page shows, as an app would) and signs in with
// the second step; the Audit tab filters and exports; the Staff, Audit and
// Account tabs on a phone and on a desktop screen.

const PASSWORD = 'e2e staff passphrase';
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** What an authenticator app shows for `secret`, `stepsAhead` steps from now. */
const appCode = (secret: string, stepsAhead = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('an invited manager sets a password, enrols two-factor sign-in and signs in with the second step', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('manager');

  await test.step('the owner invites a manager', async () => {
    await signIn(page, 'admin', 'admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const panel = await openTab(page, 'Staff');
    await panel.getByLabel('Email', { exact: true }).fill(email);
    await panel.getByLabel('Name', { exact: true }).fill('Morgan Manager');
    await panel.getByLabel('Role', { exact: true }).selectOption('manager');
    await panel.getByRole('button', { name: 'Send invitation', exact: true }).click();
    await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
    await expect(panel.getByTestId('staff-member').filter({ hasText: email })).toContainText('Invited');
    await logout(page);
  });

  await test.step('the emailed link sets the password', async () => {
    const mail = await waitForMail(email);
    const link = /https?:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('status')).toContainText(`Sign in with ${email}`);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  let secret = '';
  await test.step('the manager sees their tabs and enrols an authenticator app', async () => {
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('tab', { name: 'Audit' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Staff' })).toHaveCount(0);
    const panel = await openTab(page, 'Account');
    await panel.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = (await panel.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await panel.getByLabel('Code from the app').fill(appCode(secret));
    await panel.getByRole('button', { name: 'Turn on' }).click();
    await expect(panel.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await panel.getByRole('button', { name: 'I have saved them' }).click();
    await expect(panel.getByText('On: signing in asks for a code')).toBeVisible();
    await logout(page);
  });

  await test.step('sign-in asks for the code; a wrong one is refused; the browser is trusted', async () => {
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.getByLabel('Code from your authenticator app').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'Invalid code')).toBeVisible();
    // The next step's code: this step's was used to turn it on.
    await page.getByLabel('Code from your authenticator app').fill(appCode(secret, 1));
    await page.getByLabel('Trust this browser for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await logout(page);

    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  await test.step('the manager turns two-factor sign-in off with their password (allowed where it is not required)', async () => {
    const panel = await openTab(page, 'Account');
    await panel.getByLabel('Your password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(toast(page, 'Two-factor sign-in is off')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  });
});

test('the Audit tab filters by person and action and exports what it shows as CSV', async ({ page }) => {
  const tagName = `e2e-audit-${Date.now()}`;
  await signIn(page, 'admin', 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const tags = await openTab(page, 'Tags');
  await tags.getByLabel('New tag', { exact: true }).fill(tagName);
  await tags.getByRole('button', { name: 'Add Tag' }).click();
  await expect(toast(page, 'Tag added')).toBeVisible();

  const panel = await openTab(page, 'Audit');
  await expect(panel.getByTestId('audit-row').first()).toBeVisible();
  await panel.getByLabel('Person').selectOption('admin');
  await panel.getByLabel('Action').selectOption('tag.create');
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  const rows = panel.getByTestId('audit-row');
  // Waits for the filtered page: the unfiltered one also starts with the new tag.
  await expect(rows.filter({ hasNotText: 'tag.create' })).toHaveCount(0);
  await expect(rows.first()).toContainText(tagName);

  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('time,staff,action,target,details');
  expect(lines.slice(1).every((l) => l.includes('"admin","tag.create"'))).toBe(true);
  expect(csv).toContain(tagName);
});

for (const screen of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 900 },
]) {
  test(`the Staff, Audit and Account tabs on ${screen.name} screen`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await signIn(page, 'admin', 'admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // Nothing wider than the screen: no sideways scrolling to reach a button.
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    const staff = await openTab(page, 'Staff');
    await expect(staff.getByRole('heading', { name: 'Invite staff' })).toBeVisible();
    await expect(staff.getByTestId('staff-member').filter({ hasText: 'Owner' }).first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const email = await staff.getByLabel('Email', { exact: true }).boundingBox();
    const role = await staff.getByLabel('Role', { exact: true }).boundingBox();
    // One row of fields on a desktop; stacked on a phone.
    if (screen.width >= 1024) expect(Math.abs(email!.y - role!.y)).toBeLessThan(4);
    else expect(role!.y).toBeGreaterThan(email!.y + email!.height);
    await page.screenshot({ path: test.info().outputPath(`staff-${screen.width}.png`), fullPage: true });

    const audit = await openTab(page, 'Audit');
    await expect(audit.getByTestId('audit-row').first()).toBeVisible();
    await expect(audit.getByRole('link', { name: 'Export CSV' })).toBeInViewport();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`audit-${screen.width}.png`), fullPage: true });

    const account = await openTab(page, 'Account');
    await expect(account.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(account.getByTestId('staff-session').first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`account-${screen.width}.png`), fullPage: true });
  });
}
