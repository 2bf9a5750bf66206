// Writing a newsletter (Decision 096): drafts the owner edits until sending
// starts, then fixed. The preview is the same rendering a customer receives.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { env } from '@/lib/env';
import { db, type Newsletter } from '@/lib/infra/db';
import { renderNewsletter, type FeaturedProduct, type RenderedNewsletter } from './render';

export type NewsletterInput = { subject: string; markdown: string; featuredProductIds: string[] };

const site = () => env().SITE_URL.replace(/\/+$/, '');

export function listNewsletters(limit = 50): Promise<Newsletter[]> {
  return db().newsletter.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
}

export async function getNewsletterOrThrow(id: string): Promise<Newsletter> {
  const row = await db().newsletter.findUnique({ where: { id } });
  if (!row) throw notFound('Newsletter not found');
  return row;
}

/** Every featured id must name a product on sale in the shop (not deleted). */
async function checkProducts(ids: string[]): Promise<void> {
  const found = await db().product.count({ where: { id: { in: ids }, deletedAt: null } });
  if (found !== new Set(ids).size) throw invalid('A featured product does not exist', { featured_product_ids: ['Choose products from the catalogue'] });
}

export async function createNewsletter(actor: string, input: NewsletterInput): Promise<Newsletter> {
  await checkProducts(input.featuredProductIds);
  return db().$transaction(async (tx) => {
    const row = await tx.newsletter.create({ data: { ...input, createdBy: actor } });
    await recordAudit(tx, actor, 'newsletter.create', row.id, { subject: input.subject });
    return row;
  });
}

/** Only a draft changes: once sending has started, what customers get is fixed. */
export async function updateNewsletter(actor: string, id: string, input: NewsletterInput): Promise<Newsletter> {
  await checkProducts(input.featuredProductIds);
  return db().$transaction(async (tx) => {
    const updated = await tx.newsletter.updateMany({ where: { id, status: 'draft' }, data: input });
    if (updated.count === 0) {
      if (!(await tx.newsletter.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Newsletter not found');
      throw new AppError('conflict', 'This newsletter has been sent; write a new one');
    }
    await recordAudit(tx, actor, 'newsletter.update', id, { subject: input.subject });
    return tx.newsletter.findUniqueOrThrow({ where: { id } });
  });
}

/** The featured products still in the shop, in the order chosen. */
async function featuredProducts(ids: string[]): Promise<FeaturedProduct[]> {
  const rows = await db().product.findMany({
    where: { id: { in: ids }, deletedAt: null },
    select: { id: true, title: true, imagePath: true, priceCents: true, onSale: true, salePriceCents: true, saleStart: true, saleEnd: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The email as customers receive it (the footer with the sender and unsubscribe link is added when sending). */
export async function renderStored(newsletter: Pick<Newsletter, 'subject' | 'markdown' | 'featuredProductIds'>, now = new Date()): Promise<RenderedNewsletter> {
  const products = await featuredProducts(newsletter.featuredProductIds);
  return renderNewsletter({ subject: newsletter.subject, markdown: newsletter.markdown, products, site: site(), now });
}
