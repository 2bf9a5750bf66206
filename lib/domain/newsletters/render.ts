// A newsletter as the email a customer reads (Decision 096): the owner's
// Markdown through the shop's sanitising renderer (docs/security.md N3) for
// the HTML part and as written for the text part, then the featured products
// as cards with their price now and a link. Every value from the catalogue is
// escaped; nothing the owner writes can run as script in a mail client.
import 'server-only';
import { imageSrc } from '@/lib/cart';
import { priceDisplay, type PriceFields } from '@/lib/domain/pricing';
import { escapeHtml, markdownToSafeHtml } from '@/lib/infra/markdown';
import { formatAud } from '@/lib/format';

export type FeaturedProduct = PriceFields & { id: string; title: string; imagePath: string | null };
export type RenderedNewsletter = { subject: string; html: string; text: string };

/** A stored image path as an address a mail client can load. */
const absolute = (site: string, path: string) => {
  const src = imageSrc(path) ?? '';
  return src.startsWith('/') ? `${site}${src}` : src;
};

function priceText(product: FeaturedProduct, now: Date): string {
  const price = priceDisplay(product, now);
  return price.onSale ? `${formatAud(price.priceCents)} (was ${formatAud(price.regularPriceCents)})` : formatAud(price.priceCents);
}

function productCard(product: FeaturedProduct, site: string, now: Date): string {
  const link = escapeHtml(`${site}/product/${encodeURIComponent(product.id)}`);
  const image = product.imagePath
    ? `<img src="${escapeHtml(absolute(site, product.imagePath))}" alt="" width="120" height="120" style="border-radius:8px;object-fit:cover">`
    : '';
  return `<td style="padding:8px;vertical-align:top;width:140px">${image}<p style="margin:4px 0;font-weight:600"><a href="${link}">${escapeHtml(product.title)}</a></p><p style="margin:0">${escapeHtml(priceText(product, now))}</p></td>`;
}

/** `site`: the shop's address without a trailing slash; `products` in the order the owner chose. */
export function renderNewsletter(input: { subject: string; markdown: string; products: FeaturedProduct[]; site: string; now?: Date }): RenderedNewsletter {
  const now = input.now ?? new Date();
  const cards = input.products.map((product) => productCard(product, input.site, now));
  const html = markdownToSafeHtml(input.markdown) + (cards.length > 0 ? `<table role="presentation"><tr>${cards.join('')}</tr></table>` : '');
  const productLines = input.products.flatMap((p) => [`${p.title}: ${priceText(p, now)}`, `${input.site}/product/${encodeURIComponent(p.id)}`, '']);
  const text = [input.markdown.trim(), ...(productLines.length > 0 ? ['', ...productLines] : [])].join('\n').trimEnd();
  return { subject: input.subject, html, text };
}
