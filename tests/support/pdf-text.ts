import { inflateSync } from 'node:zlib';

/** Every string drawn with Tj, in order: pdf-lib writes them as hex in deflated content streams. */
export function pdfText(bytes: Buffer): string[] {
  const source = bytes.toString('latin1');
  const texts: string[] = [];
  for (const match of source.matchAll(/\/Filter \/FlateDecode[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(Buffer.from(text[1], 'hex').toString('latin1'));
  }
  return texts;
}
