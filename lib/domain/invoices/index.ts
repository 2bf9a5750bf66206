// Invoices: every paid order and membership payment has one PDF. A registered
// business issues a "Tax invoice" with its ABN and the GST included; an
// unregistered one a plain "Invoice". The number and the seller's details are
// fixed the first time the invoice is issued (docs/decisions/065).
import 'server-only';
import { authorizeOrderInvoice } from '@/lib/domain/downloads';
import { formatAud, formatDate } from '@/lib/format';
import { PLANS, SHOP_NAME } from '@/lib/shop';
import { db } from '@/lib/infra/db';
import { renderTextPdf, type PdfRow } from '@/lib/infra/pdf';
import { businessDetailsAt, parseBusinessDetails, type BusinessDetails } from './business';

export * from './abn';
export { getBusinessDetails, saveBusinessDetails, type BusinessDetails } from './business';

/** Prices are GST-inclusive, so the GST in them is one eleventh, rounded to the cent. */
export const gstIncludedCents = (totalCents: number) => Math.round(totalCents / 11);

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

type InvoiceOrder = {
  number: number;
  seller: BusinessDetails;
  date: Date;
  customerEmail: string | null;
  lines: { title: string; priceCents: number }[];
  discountCents: number;
  totalCents: number;
};

/** The invoice's rows; kept apart from drawing so the wording is one place. */
export function invoiceRows(invoice: InvoiceOrder): { title: string; rows: PdfRow[] } {
  const { seller } = invoice;
  const title = seller.gstRegistered ? 'Tax invoice' : 'Invoice';
  const rows: PdfRow[] = [
    { left: seller.name || SHOP_NAME, bold: true },
    ...(seller.abn ? [{ left: `ABN ${seller.abn}` }] : []),
    ...seller.address
      .split(/\r?\n/)
      .filter(Boolean)
      .map((line) => ({ left: line })),
    ...(seller.email ? [{ left: seller.email }] : []),
    { left: `Invoice number: ${invoiceNumber(invoice.number)}`, gapBefore: true },
    { left: `Date: ${formatDate(invoice.date)}` },
    ...(invoice.customerEmail ? [{ left: `Billed to: ${invoice.customerEmail}` }] : []),
    { left: 'Item', right: seller.gstRegistered ? 'Price (incl. GST)' : 'Price', bold: true, gapBefore: true },
    ...invoice.lines.map((line) => ({ left: line.title, right: formatAud(line.priceCents) })),
    ...(invoice.discountCents > 0 ? [{ left: 'Discount', right: `-${formatAud(invoice.discountCents)}` }] : []),
    { left: 'Total', right: formatAud(invoice.totalCents), bold: true, gapBefore: true },
    ...(seller.gstRegistered ? [{ left: 'GST included', right: formatAud(gstIncludedCents(invoice.totalCents)) }] : []),
  ];
  return { title, rows };
}

/**
 * Issues the invoice on first request, with the seller's details as they were
 * at the payment: ON CONFLICT DO NOTHING keeps one invoice (one number, one
 * snapshot) per order even when two requests race.
 */
async function issueInvoice(orderId: string, paidAt: Date): Promise<{ number: number; seller: unknown }> {
  const existing = await db().invoice.findUnique({ where: { orderId } });
  if (existing) return existing;
  const seller = await businessDetailsAt(paidAt);
  await db().invoice.createMany({ data: [{ orderId, seller }], skipDuplicates: true });
  return db().invoice.findUniqueOrThrow({ where: { orderId } });
}

export async function orderInvoicePdf(request: { sessionId: string; userId: string | null }): Promise<{ filename: string; body: Uint8Array }> {
  const { id, paidAt } = await authorizeOrderInvoice(request);
  const invoice = await issueInvoice(id, paidAt);
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
      items: { select: { title: true, priceCents: true }, orderBy: { title: 'asc' } },
    },
  });
  const lines =
    order.kind === 'subscription' && order.planInterval
      ? [{ title: `${PLANS[order.planInterval].name} membership`, priceCents: order.amountCents + order.discountCents }]
      : order.items;
  const date = order.fulfilledAt ?? order.createdAt;
  const { title, rows } = invoiceRows({
    number: invoice.number,
    seller: parseBusinessDetails(invoice.seller),
    date,
    customerEmail: order.customerEmail,
    lines,
    discountCents: order.discountCents,
    totalCents: order.amountCents,
  });
  const body = await renderTextPdf({ title, date, rows });
  return { filename: `${invoiceNumber(invoice.number)}.pdf`, body };
}
