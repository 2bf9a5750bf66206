// Issue #15 §5 in the browser: places where main showed something other than SPEC.md.
import { expect, test } from '@playwright/test';

test.describe('/membership-success', () => {
  const STATUS = '**/api/membership/subscription-status/**';

  test('shows no panel and keeps checking while a slow webhook leaves the subscription pending, then succeeds', async ({ page }) => {
    await page.clock.install();
    let asked = 0;
    let paid = false;
    await page.route(STATUS, (route) => {
      asked++;
      return route.fulfill({ json: paid ? { status: 'paid', current_period_end: '2030-01-31T00:00:00.000Z' } : { status: 'pending', current_period_end: null } });
    });
    await page.goto('/membership-success?session_id=cs_test_slow_webhook_0001');
    await expect(page.getByTestId('membership-pending')).toBeAttached();
    // Each pending answer schedules the next ask; twelve asks reach well past the old 20 s give-up.
    for (let ask = 2; ask <= 12; ask++) {
      await page.clock.runFor(30_000);
      await expect.poll(() => asked).toBe(ask);
      await expect(page.getByTestId('membership-pending')).toBeAttached();
      await expect(page.getByRole('heading', { name: 'Error' })).toHaveCount(0);
    }
    paid = true;
    await page.clock.runFor(30_000);
    await expect(page.getByRole('heading', { name: 'Welcome to the Membership!' })).toBeVisible();
  });

  test('shows the error panel when the status request keeps failing', async ({ page }) => {
    await page.clock.install();
    let asked = 0;
    await page.route(STATUS, (route) => {
      asked++;
      return route.abort('failed');
    });
    await page.goto('/membership-success?session_id=cs_test_broken_0001');
    for (let ask = 2; ask <= 5; ask++) {
      await expect.poll(() => asked).toBe(ask - 1);
      await page.clock.runFor(30_000);
    }
    await expect(page.getByText("We couldn't verify your subscription. Please contact support.")).toBeVisible();
  });

  test('shows the error panel at once when the checkout expired', async ({ page }) => {
    await page.route(STATUS, (route) => route.fulfill({ json: { status: 'expired', current_period_end: null } }));
    await page.goto('/membership-success?session_id=cs_test_expired_0001');
    await expect(page.getByText("We couldn't verify your subscription. Please contact support.")).toBeVisible();
  });
});
