// Adjustment notes: when money paid for an invoiced sale is given back (a
// refund, or a dispute lost), a GST-registered seller issues an adjustment
// note for the GST in it, so the buyer can correct a GST credit they claimed;
// an unregistered seller issues a plain credit note. One per refund, numbered
// in its own sequence, its seller details those of the order's invoice, and
// the same bytes on every download (Decision 071).
import 'server-only';
import { authorizeOrderInvoice } from '@/lib/domain/downloads';
import { notFound } from '@/lib/domain/errors';
import { formatAud, formatDate } from '@/lib/format';
import { PLANS } from '@/lib/shop';
import { moneyReturnedAt, refundsWithNotes } from '@/lib/domain/refunds';
import { db } from '@/lib/infra/db';
import { renderTextPdf, type PdfRow } from '@/lib/infra/pdf';
import { parseBusinessDetails, type BusinessDetails } from '@/lib/domain/business';
import { gstIncludedCents, invoiceNumber, sellerRows } from './document';
import { issueAdjustmentNoteOnce, issueInvoiceOnce } from '@/lib/domain/business';

export const adjustmentNoteNumber = (n: number) => `ADJ-${String(n).padStart(6, '0')}`;

type NoteContent = {
  number: number;
  seller: BusinessDetails;
  date: Date;
  invoice: { number: number; date: Date };
  customerEmail: string | null;
  items: string[];
  amountCents: number;
  voucherReturnedCents: number;
};

/** The note's rows; kept apart from drawing so the wording is in one place. */
export function adjustmentNoteRows(note: NoteContent): { title: string; rows: PdfRow[] } {
  const registered = note.seller.gstRegistered;
  const rows: PdfRow[] = [
    ...sellerRows(note.seller),
    { left: `${registered ? 'Adjustment note' : 'Credit note'} number: ${adjustmentNoteNumber(note.number)}`, gapBefore: true },
    { left: `Date: ${formatDate(note.date)}` },
    { left: `For ${registered ? 'tax invoice' : 'invoice'} ${invoiceNumber(note.invoice.number)} of ${formatDate(note.invoice.date)}` },
    ...(note.customerEmail ? [{ left: `Billed to: ${note.customerEmail}` }] : []),
    { left: 'Items refunded', bold: true, gapBefore: true },
    ...(note.items.length ? note.items.map((title) => ({ left: title })) : [{ left: 'Part of the payment' }]),
    { left: registered ? 'Amount refunded (incl. GST)' : 'Amount refunded', right: formatAud(note.amountCents), bold: true, gapBefore: true },
    ...(registered ? [{ left: 'GST adjustment', right: `-${formatAud(gstIncludedCents(note.amountCents))}` }] : []),
    ...(note.voucherReturnedCents > 0 ? [{ left: 'Also returned to the gift card used', right: formatAud(note.voucherReturnedCents) }] : []),
  ];
  return { title: registered ? 'Adjustment note' : 'Credit note', rows };
}

/** The note's PDF, under the order's invoice rules (the buyer, or whoever holds a guest order's id). */
export async function adjustmentNotePdf(request: {
  sessionId: string;
  refundId: string;
  userId: string | null;
}): Promise<{ filename: string; body: Uint8Array }> {
  const order = await authorizeOrderInvoice(request);
  const refund = await db().refund.findFirst({
    where: { id: request.refundId, orderId: order.id, ...refundsWithNotes },
    select: {
      id: true,
      source: true,
      amountCents: true,
      voucherReturnedCents: true,
      createdAt: true,
      settledAt: true,
      resolvedAt: true,
      items: { select: { title: true }, orderBy: { title: 'asc' } },
      order: { select: { customerEmail: true, fulfilledAt: true, createdAt: true, kind: true, planInterval: true } },
    },
  });
  if (!refund) throw notFound('Adjustment note not found');
  // Both were issued with the refund; only refunds recorded before that are numbered here.
  const note = await issueAdjustmentNoteOnce(refund.id, order);
  const invoice = await issueInvoiceOnce(order.id, order.paidAt);
  const date = moneyReturnedAt(refund);
  const { kind, planInterval } = refund.order;
  const items = kind === 'subscription' && planInterval ? [`${PLANS[planInterval].name} membership`] : refund.items.map((i) => i.title);
  const { title, rows } = adjustmentNoteRows({
    number: note.number,
    seller: parseBusinessDetails(invoice.seller),
    date,
    invoice: { number: invoice.number, date: refund.order.fulfilledAt ?? refund.order.createdAt },
    customerEmail: refund.order.customerEmail,
    items,
    amountCents: refund.amountCents,
    voucherReturnedCents: refund.voucherReturnedCents,
  });
  const body = await renderTextPdf({ title, date, rows });
  return { filename: `${adjustmentNoteNumber(note.number)}.pdf`, body };
}
