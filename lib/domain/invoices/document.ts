// What an invoice and an adjustment note share: the GST arithmetic, the
// numbering, the seller's block and the one-time issue of the order's invoice.
import 'server-only';
import { SHOP_NAME } from '@/lib/shop';
import { db } from '@/lib/infra/db';
import type { PdfRow } from '@/lib/infra/pdf';
import { businessDetailsAt, type BusinessDetails } from './business';

/** Prices are GST-inclusive, so the GST in them is one eleventh, rounded to the cent. */
export const gstIncludedCents = (totalCents: number) => Math.round(totalCents / 11);

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/** The seller's name, ABN, address and email, as the document's first rows. */
export function sellerRows(seller: BusinessDetails): PdfRow[] {
  return [
    { left: seller.name || SHOP_NAME, bold: true },
    ...(seller.abn ? [{ left: `ABN ${seller.abn}` }] : []),
    ...seller.address
      .split(/\r?\n/)
      .filter(Boolean)
      .map((line) => ({ left: line })),
    ...(seller.email ? [{ left: seller.email }] : []),
  ];
}

/**
 * Issues the invoice on first request, with the seller's details as they were
 * at the payment: ON CONFLICT DO NOTHING keeps one invoice (one number, one
 * snapshot) per order even when two requests race.
 */
export async function issueInvoice(orderId: string, paidAt: Date): Promise<{ number: number; seller: unknown }> {
  const existing = await db().invoice.findUnique({ where: { orderId } });
  if (existing) return existing;
  const seller = await businessDetailsAt(paidAt);
  await db().invoice.createMany({ data: [{ orderId, seller }], skipDuplicates: true });
  return db().invoice.findUniqueOrThrow({ where: { orderId } });
}
