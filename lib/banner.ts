// The announcement banner: one setting string, items separated by double spaces,
// always shown upper-cased (docs/product.md §5, §9).

export const BANNER_SEPARATOR = '  ';

/** The banner before the owner writes one: its follow line names the shop's social handle (Settings → Shop), or is left out without one. */
export function defaultBanner(socialHandle: string): string {
  return [
    'INSTANT ACCESS TO DIGITAL DOWNLOADS',
    ...(socialHandle ? [`FOLLOW ME ON TIKTOK @${socialHandle.replace(/^@/, '').toUpperCase()}`] : []),
    'WANT TO LEARN HOW TO DESIGN? JOIN OUR SKOOL',
  ].join(BANNER_SEPARATOR);
}

export const DEFAULT_BANNER = defaultBanner('pixelpressstudio');

/** Splits on runs of two or more whitespace characters; blank items are dropped. */
export function splitBanner(message: string): string[] {
  return message
    .split(/\s{2,}/)
    .map((item) => item.trim().toUpperCase())
    .filter((item) => item.length > 0);
}

export function normalizeBanner(message: string): string {
  return splitBanner(message).join(BANNER_SEPARATOR);
}
