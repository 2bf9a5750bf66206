// What an invoice and an adjustment note share: the GST arithmetic, the
// numbering and the seller's block.
import 'server-only';
import type { PdfRow } from '@/lib/infra/pdf';
import type { SellerDetails } from '@/lib/domain/business';

/** Prices are GST-inclusive, so the GST in them is one eleventh, rounded to the cent. */
export const gstIncludedCents = (totalCents: number) => Math.round(totalCents / 11);

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/**
 * The seller's name, ABN, address and email, as the document's first rows. The
 * business details' legal name when there is one, then the shop's name it trades
 * under (the one the document was issued under, else today's); without a legal
 * name, the shop's name (Decision 093).
 */
export function sellerRows(seller: SellerDetails, shopName: string): PdfRow[] {
  const tradingName = seller.tradingName || shopName;
  return [
    { left: seller.name || tradingName, bold: true },
    ...(seller.name && seller.name !== tradingName ? [{ left: `Trading as ${tradingName}` }] : []),
    ...(seller.abn ? [{ left: `ABN ${seller.abn}` }] : []),
    ...seller.address
      .split(/\r?\n/)
      .filter(Boolean)
      .map((line) => ({ left: line })),
    ...(seller.email ? [{ left: seller.email }] : []),
  ];
}
