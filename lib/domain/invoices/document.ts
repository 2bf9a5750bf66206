// What an invoice and an adjustment note share: the GST arithmetic, the
// numbering and the seller's block.
import 'server-only';
import { SHOP_NAME } from '@/lib/shop';
import type { PdfRow } from '@/lib/infra/pdf';
import type { BusinessDetails } from '@/lib/domain/business';

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
