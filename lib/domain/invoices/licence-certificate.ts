// A licence's one-page certificate (Decision 082): who holds which rights to
// what, under which terms, and where anyone can check that it still stands.
// Same access as the order's tax invoice: the account that placed the order,
// or for a guest order whoever holds its session id. The seller's details are
// those of the licence's last change (issue or upgrade), so the same licence
// gives the same document until it changes.
import 'server-only';
import { authorizeOrderInvoice } from '@/lib/domain/downloads';
import { AppError, notFound } from '@/lib/domain/errors';
import { getLicence, listTiers } from '@/lib/domain/licences';
import { env } from '@/lib/env';
import { formatDate } from '@/lib/format';
import { termsPath, verificationPath } from '@/lib/shop';
import { db } from '@/lib/infra/db';
import { renderTextPdf, type PdfRow } from '@/lib/infra/pdf';
import { businessDetailsAt } from '@/lib/domain/business';
import { sellerRows } from './document';

export type CertificateRequest = { licenceId: string; userId: string | null; sessionId?: string | null };

const refused = () => notFound('Certificate not found');

export async function licenceCertificatePdf(request: CertificateRequest): Promise<{ filename: string; body: Uint8Array }> {
  const licence = await getLicence(request.licenceId);
  if (!licence) throw refused();
  // A guest order has no account to check, so its session id stands in for one, as on the invoice.
  if (!licence.orderUserId && request.sessionId !== licence.sessionId) throw refused();
  await authorizeOrderInvoice({ sessionId: licence.sessionId, userId: request.userId }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'not_found' ? refused() : error;
  });
  const [tiers, contents] = await Promise.all([listTiers(), licence.isBundle ? bundleContents(licence.productId, licence.issuedAt) : Promise.resolve([])]);
  const tier = tiers.find((t) => t.id === licence.tierId);
  const changedAt = licence.history.reduce((at, e) => (e.at > at ? e.at : at), licence.issuedAt);
  const seller = await businessDetailsAt(changedAt);
  const site = env().SITE_URL.replace(/\/+$/, '');
  const rows: PdfRow[] = [
    ...sellerRows(seller),
    { left: `Licence ${licence.id}`, bold: true, gapBefore: true },
    { left: `Holder: ${licence.holderName}` },
    { left: `${licence.isBundle ? 'Bundle' : 'Product'}: ${licence.productTitle}` },
    ...contents.map((title) => ({ left: `   includes ${title}` })),
    { left: `Licence: ${tier?.name ?? 'Licence'}`, bold: true, gapBefore: true },
    ...wrap(tier?.summary ?? '').map((line) => ({ left: line })),
    { left: `Terms: ${site}${termsPath(tier?.key ?? '', licence.termsVersion)} (version ${licence.termsVersion})`, gapBefore: true },
    { left: `Issued: ${formatDate(licence.issuedAt)}` },
    ...licence.history
      .filter((e) => e.kind === 'upgraded')
      .map((e) => ({ left: `Upgraded to ${tiers.find((t) => t.id === e.tierId)?.name ?? 'a higher tier'}: ${formatDate(e.at)}` })),
    ...(licence.status === 'revoked' ? [{ left: `REVOKED on ${formatDate(licence.revokedAt!)}: this licence no longer grants any rights.`, bold: true }] : []),
    { left: `Verify this licence at ${site}${verificationPath(licence.id)}`, gapBefore: true },
  ];
  const body = await renderTextPdf({ title: 'Licence certificate', date: changedAt, rows });
  return { filename: `${licence.id}.pdf`, body };
}

/** The products a bundle's licence covers: what the buyer's order gives (those removed before the sale never were theirs). */
async function bundleContents(bundleId: string, soldAt: Date): Promise<string[]> {
  const items = await db().bundleItem.findMany({
    where: { bundleId, OR: [{ removedAt: null }, { removedAt: { gt: soldAt } }] },
    orderBy: { position: 'asc' },
    select: { product: { select: { title: true } } },
  });
  return items.map((i) => i.product.title);
}

/** The PDF draws one line per row: a long summary becomes several of at most `width` characters. */
function wrap(text: string, width = 90): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}
