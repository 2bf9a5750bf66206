// Printable PDFs, written by hand: one A4 page of Helvetica text.
import type { DemoBundle } from './catalogue';

function pdfString(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[·•]/g, '-')
    .replace(/[^\x20-\x7e]/g, '');
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A valid single-page PDF: header band, title, subtitle, then one line per entry. */
export function buildPdf(title: string, subtitle: string, lines: string[]): Buffer {
  const content = [
    '0.42 0.30 0.62 rg 0 772 595 70 re f',
    `BT /F1 20 Tf 1 1 1 rg 48 800 Td ${pdfString('PIXEL PRESS STUDIO')} Tj ET`,
    `BT /F1 22 Tf 0.15 0.1 0.2 rg 48 720 Td ${pdfString(title)} Tj ET`,
    `BT /F2 12 Tf 0.4 0.4 0.45 rg 48 698 Td ${pdfString(subtitle)} Tj ET`,
    ...lines.map((line, i) => `BT /F2 12 Tf 0.1 0.1 0.12 rg 48 ${660 - i * 22} Td ${pdfString(line)} Tj ET`),
    `BT /F2 9 Tf 0.5 0.5 0.55 rg 48 48 Td ${pdfString('Personal and small business use. Please do not share or resell the digital files.')} Tj ET`,
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  body += `${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function printGuidePdf(title: string): Buffer {
  return buildPdf(title, 'Print guide for 20oz skinny straight tumblers', [
    'Scale the design to 9.3 x 8.2 in for a 20oz skinny straight tumbler.',
    'Print on sublimation paper with your printer set to high quality.',
    'Mirror the image before printing. Trim leaving a 2 mm overlap.',
    'Wrap tightly with heat tape and shrink wrap or use a tumbler press.',
    'Press at 180 C / 360 F for 60 to 70 seconds, rotating halfway.',
    'Let the tumbler cool fully before removing the paper.',
  ]);
}

export function printSizesPdf(title: string): Buffer {
  return buildPdf(title, 'Included print sizes and tips', [
    'Ratio 4:5 - 8 x 10 in, 16 x 20 in',
    'Ratio 11:14 - 11 x 14 in',
    'ISO sizes - A5, A4, A3 (scale the PNG to fit, no cropping needed)',
    'Resolution: 300 dpi, sRGB colour.',
    'Best printed on 250 gsm matte card or fine art paper.',
    'Frames and mats are not included.',
  ]);
}

export function whatsInsidePdf(bundle: DemoBundle): Buffer {
  return buildPdf(bundle.title, `What's inside: ${bundle.products.length} designs`, [
    ...bundle.products.map((title, i) => `${i + 1}. ${title}`),
    '',
    'Every design downloads on its own, in full 300 dpi resolution,',
    'with the same files as when bought separately.',
  ]);
}
