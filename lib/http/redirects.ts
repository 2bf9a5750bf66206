import 'server-only';

/** Whether `target` (absolute or relative) resolves to a page on the site's own origin. */
export function isSameSite(target: string, siteUrl: string): boolean {
  try {
    return new URL(target, siteUrl).origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Where a redirect may go: `target` resolved against the site, kept only when
 * it stays on the site's origin; anything else (another host, `//host`,
 * `/\host`, `javascript:`, unparsable text) becomes the site's home page.
 */
export function sameSiteUrl(target: string | null | undefined, siteUrl: string): string {
  return target && isSameSite(target, siteUrl) ? new URL(target, siteUrl).href : new URL(siteUrl).href;
}
