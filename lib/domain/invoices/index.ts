// Invoices: every paid order and membership payment has one PDF. A registered
// business issues a "Tax invoice" with its ABN and the GST included; an
// unregistered one a plain "Invoice". The number and the seller's details are
// fixed when the payment is recorded (docs/decisions/065, 075).
import 'server-only';
import { getShopName } from '@/lib/domain/shop-identity';
import { authorizeOrderInvoice } from '@/lib/domain/downloads';
import { BUNDLE_CREDIT_LABEL, formatAud, formatDate } from '@/lib/format';
import { PLANS } from '@/lib/shop';
import { db } from '@/lib/infra/db';
import { renderTextPdf, type PdfRow } from '@/lib/infra/pdf';
import { issueInvoiceOnce, parseBusinessDetails, type SellerDetails } from '@/lib/domain/business';
import { gstIncludedCents, invoiceNumber, sellerRows } from './document';

export { adjustmentNotePdf, adjustmentNoteNumber } from './adjustment-notes';
export { gstIncludedCents, invoiceNumber } from './document';
// The business's details are edited beside its invoices in the back office.
export { formatAbn, getBusinessDetails, isValidAbn, normalizeAbn, saveBusinessDetails, type BusinessDetails } from '@/lib/domain/business';

type InvoiceOrder = {
  number: number;
  seller: SellerDetails;
  /** Today's shop name, for a document issued before names were kept with it. */
  shopName: string;
  date: Date;
  customerEmail: string | null;
  /**
   * `licence`: the tier and licence id the line sold or upgraded, printed under it (Decision 082).
   * `bundleCreditCents`: a bundle's credit for items the buyer owned, already taken off priceCents (Decision 094).
   */
  lines: { title: string; priceCents: number; licence?: string | null; bundleCreditCents?: number }[];
  discountCents: number;
  totalCents: number;
};

/** The invoice's rows; kept apart from drawing so the wording is one place. */
export function invoiceRows(invoice: InvoiceOrder): { title: string; rows: PdfRow[] } {
  const { seller } = invoice;
  const title = seller.gstRegistered ? 'Tax invoice' : 'Invoice';
  const rows: PdfRow[] = [
    ...sellerRows(seller, invoice.shopName),
    { left: `Invoice number: ${invoiceNumber(invoice.number)}`, gapBefore: true },
    { left: `Date: ${formatDate(invoice.date)}` },
    ...(invoice.customerEmail ? [{ left: `Billed to: ${invoice.customerEmail}` }] : []),
    { left: 'Item', right: seller.gstRegistered ? 'Price (incl. GST)' : 'Price', bold: true, gapBefore: true },
    ...invoice.lines.flatMap((line) => {
      // The bundle at its price, then the credit: the GST below is on the total actually paid.
      const credit = line.bundleCreditCents ?? 0;
      return [
        { left: line.title, right: formatAud(line.priceCents + credit) },
        ...(line.licence ? [{ left: `   ${line.licence}` }] : []),
        ...(credit > 0 ? [{ left: `   ${BUNDLE_CREDIT_LABEL}`, right: `-${formatAud(credit)}` }] : []),
      ];
    }),
    ...(invoice.discountCents > 0 ? [{ left: 'Discount', right: `-${formatAud(invoice.discountCents)}` }] : []),
    { left: 'Total', right: formatAud(invoice.totalCents), bold: true, gapBefore: true },
    ...(seller.gstRegistered ? [{ left: 'GST included', right: formatAud(gstIncludedCents(invoice.totalCents)) }] : []),
  ];
  return { title, rows };
}

/** "Commercial licence LIC-…", or for an upgrade "Upgrade of licence LIC-… to Commercial". */
function licenceLine(item: { licenceTier: { name: string } | null; licence: { id: string } | null; upgradeOfId: string | null }): string | null {
  if (!item.licenceTier) return null;
  if (item.upgradeOfId) return `Upgrade of licence ${item.upgradeOfId} to ${item.licenceTier.name}`;
  return item.licence ? `${item.licenceTier.name} licence ${item.licence.id}` : `${item.licenceTier.name} licence`;
}

export async function orderInvoicePdf(request: { sessionId: string; userId: string | null }): Promise<{ filename: string; body: Uint8Array }> {
  const { id, paidAt } = await authorizeOrderInvoice(request);
  const invoice = await issueInvoiceOnce(id, paidAt);
  const order = await db().order.findUniqueOrThrow({
    where: { id },
    select: {
      customerEmail: true,
      fulfilledAt: true,
      createdAt: true,
      planInterval: true,
      kind: true,
      discountCents: true,
      amountCents: true,
      items: {
        select: {
          title: true,
          priceCents: true,
          bundleCreditCents: true,
          licenceTier: { select: { name: true } },
          licence: { select: { id: true } },
          upgradeOfId: true,
        },
        orderBy: { title: 'asc' },
      },
    },
  });
  const lines =
    order.kind === 'subscription' && order.planInterval
      ? [{ title: `${PLANS[order.planInterval].name} membership`, priceCents: order.amountCents + order.discountCents }]
      : order.items.map((i) => ({ title: i.title, priceCents: i.priceCents, bundleCreditCents: i.bundleCreditCents, licence: licenceLine(i) }));
  const date = order.fulfilledAt ?? order.createdAt;
  const { title, rows } = invoiceRows({
    number: invoice.number,
    seller: parseBusinessDetails(invoice.seller),
    shopName: await getShopName(),
    date,
    customerEmail: order.customerEmail,
    lines,
    discountCents: order.discountCents,
    totalCents: order.amountCents,
  });
  const body = await renderTextPdf({ title, date, rows });
  return { filename: `${invoiceNumber(invoice.number)}.pdf`, body };
}
export { licenceCertificatePdf, type CertificateRequest } from './licence-certificate';
