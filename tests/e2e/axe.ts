import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// axe-core in the browser suite (issue #25 §1): the two screen sizes every page is judged at, and
// the one check, which fails on any serious or critical violation and lists where each is.
// Besides axe's default rules it judges touch-target size, as Lighthouse does.

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const BLOCKING = new Set(['serious', 'critical']);

export async function expectAccessible(page: Page, state: string): Promise<void> {
  // Nothing mid-transition: axe reads colours and visibility as they are now.
  await page.waitForLoadState('load');
  // target-size (WCAG 2.2 AA 2.5.8) is off in axe by default and on in Lighthouse, whose
  // Accessibility score the storefront is held to: small tag chips on cards cost it 3–4 points.
  const { violations } = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `${state}: axe found serious or critical violations`).toEqual([]);
}
