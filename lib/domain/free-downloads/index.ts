// Free downloads (Decision 095): a $0 product is claimed with an email and a name. Using the
// emailed link once, before it expires, proves the address and creates a normal order (kind
// `free`: licence, invoice, order email) and records a ticked consent box. The request's
// answer never depends on whether the address has an account.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { hashToken } from '@/lib/domain/accounts';
import { createFreeOrderIn, isFreeProduct, priceFreeOrder } from '@/lib/domain/checkout';
import { invalid, notFound } from '@/lib/domain/errors';
import { recordAddressConsent } from '@/lib/domain/consent';
import { maskEmail } from '@/lib/domain/marketing';
import { fulfilOrder } from '@/lib/domain/orders';
import { getShopName } from '@/lib/domain/shop-identity';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';
import { sendEmail } from '@/lib/infra/email';

/** A day: long enough to open the email later, short enough that a leaked old link is dead. */
export const FREE_DOWNLOAD_LINK_TTL_SECONDS = 24 * 60 * 60;

const INVALID_LINK = 'This download link is invalid, used or expired. Ask for the free download again on the product page.';

export type FreeDownloadAsk = { productId: string; email: string; name: string; consent: boolean };

const site = () => env().SITE_URL.replace(/\/+$/, '');

/** Emails a single-use link for a free product; not found for anything that is not a free product. */
export async function requestFreeDownload(ask: FreeDownloadAsk): Promise<void> {
  const product = await db().product.findFirst({ where: { id: ask.productId, deletedAt: null }, select: { id: true, title: true, priceCents: true } });
  if (!product || !isFreeProduct(product)) throw notFound('This product is not a free download');
  const email = ask.email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  await db().freeDownloadRequest.create({
    data: {
      tokenHash: hashToken(token),
      email,
      name: ask.name.trim(),
      productId: product.id,
      consent: ask.consent,
      expiresAt: new Date(Date.now() + FREE_DOWNLOAD_LINK_TTL_SECONDS * 1000),
    },
  });
  const shopName = await getShopName();
  const subject = `Confirm your email to download ${product.title}`;
  await sendEmail({
    fromName: shopName,
    to: email,
    subject,
    text: [
      `Hi ${ask.name.trim()},`,
      '',
      `Open this link to confirm your address and get your free download of "${product.title}" from ${shopName}.`,
      'It works once, within 24 hours:',
      `${site()}/free-download/confirm?token=${token}`,
      '',
      'If you did not ask for it, ignore this email: nothing happens without the link.',
    ].join('\n'),
  });
  await db().emailLog.create({ data: { kind: 'free_download_link', recipientEmail: email, subject } });
}

const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** What a still-usable link is for, for its page (read only: opening the page uses nothing); null otherwise. */
export async function describeFreeDownload(token: string): Promise<{ title: string; maskedEmail: string } | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db().freeDownloadRequest.findUnique({ where: { tokenHash: hashToken(token) }, include: { product: { select: { title: true } } } });
  if (!row || row.usedAt || row.expiresAt <= new Date()) return null;
  return { title: row.product.title, maskedEmail: maskEmail(row.email) };
}

/**
 * Uses the link: the order is created in the same transaction that marks the
 * link used (of two racing requests one wins), then fulfilled like any $0
 * order. Everything read first, so the transaction only writes. The order
 * joins an account that has already proven this address; any other account
 * gets it when it proves the address (as guest orders do).
 */
export async function confirmFreeDownload(token: string): Promise<{ sessionId: string }> {
  if (!isTokenShaped(token)) throw invalid(INVALID_LINK);
  const row = await db().freeDownloadRequest.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw invalid(INVALID_LINK);
  const account = await db().user.findUnique({ where: { email: row.email }, select: { id: true, emailVerifiedAt: true } });
  const userId = account?.emailVerifiedAt ? account.id : null;
  const lines = await priceFreeOrder(row.productId, userId);
  const sessionId = await db().$transaction(async (tx) => {
    // Conditional: only the request that turns usedAt from null gets to write the order.
    const used = await tx.freeDownloadRequest.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } }, data: { usedAt: new Date() } });
    if (used.count !== 1) return null;
    const created = await createFreeOrderIn(tx, lines, { email: row.email, name: row.name, userId });
    // The address is proven by this very link: the ticked box counts now.
    if (row.consent) await recordAddressConsent(tx, row.email, 'free_download');
    return created;
  });
  if (!sessionId) throw invalid(INVALID_LINK);
  await fulfilOrder(sessionId, { paymentStatus: 'no_payment_required', customerName: row.name });
  return { sessionId };
}

/** Links past their expiry, used or not (the expired-rows job). */
export async function deleteExpiredFreeDownloadRequests(): Promise<number> {
  return (await db().freeDownloadRequest.deleteMany({ where: { expiresAt: { lte: new Date() } } })).count;
}
