// Plain text PDFs (invoices) drawn with pdf-lib in the 14 standard fonts, so
// nothing is embedded and no file is read at run time.
import 'server-only';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export type PdfRow = { left: string; right?: string; bold?: boolean; gapBefore?: boolean };
export type TextPdf = { title: string; date: Date; rows: PdfRow[] };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const LINE = 16;
const SIZE = 10.5;

/**
 * Same input, same bytes: every date in the file comes from `date` and
 * pdf-lib writes no random document id, so a re-download is identical.
 */
export async function renderTextPdf(document: TextPdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(document.title);
  pdf.setProducer('design-shop');
  pdf.setCreator('design-shop');
  pdf.setCreationDate(document.date);
  pdf.setModificationDate(document.date);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  page.drawText(document.title, { x: MARGIN, y, size: 20, font: bold, color: rgb(0, 0, 0) });
  y -= LINE * 2;
  for (const row of document.rows) {
    if (row.gapBefore) y -= LINE / 2;
    if (y < MARGIN) {
      page = pdf.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
    const font = row.bold ? bold : regular;
    // Standard fonts speak WinAnsi only; anything else becomes "?" rather than failing the invoice.
    const safe = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
    page.drawText(safe(row.left), { x: MARGIN, y, size: SIZE, font, maxWidth: A4.width - MARGIN * 2 - 110 });
    if (row.right) {
      const text = safe(row.right);
      page.drawText(text, { x: A4.width - MARGIN - font.widthOfTextAtSize(text, SIZE), y, size: SIZE, font });
    }
    y -= LINE;
  }
  return pdf.save({ useObjectStreams: false });
}
