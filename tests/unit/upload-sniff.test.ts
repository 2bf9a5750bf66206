// The magic-byte check on its own, on crafted first bytes: the accepted
// signatures and nothing near them. The security upload tests show the check
// stopping a file that sharp would decode (a BigTIFF).
import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from '@/lib/domain/uploads/sniff';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('sniffImageFormat', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['png', bytes(PNG_SIGNATURE, [0, 0, 0, 13], 'IHDR')],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['gif', bytes('GIF87a')],
    ['gif', bytes('GIF89a')],
    ['tiff', bytes([0x49, 0x49, 0x2a, 0x00])],
    ['tiff', bytes([0x4d, 0x4d, 0x00, 0x2a])],
    ['avif', bytes([0, 0, 0, 0x20], 'ftypavif')],
    ['avif', bytes([0, 0, 0, 0x20], 'ftypavis')],
  ])('recognises %s from its signature', (format, input) => {
    expect(sniffImageFormat(input)).toBe(format);
  });

  it.each([
    ['a BigTIFF (II+), which sharp decodes', bytes([0x49, 0x49, 0x2b, 0x00, 0x08, 0x00, 0x00, 0x00])],
    ['a big-endian BigTIFF (MM\\0+)', bytes([0x4d, 0x4d, 0x00, 0x2b])],
    ['a HEIC (ftypheic), which is not AVIF', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['a PNG signature missing its last byte', bytes(PNG_SIGNATURE.slice(0, 7), 'IHDR')],
    ['a PNG signature with line endings converted', bytes([0x89, 0x50, 0x4e, 0x47, 0x0a, 0x1a, 0x0a, 0x00])],
    ['a JPEG start without its marker byte', bytes([0xff, 0xd8, 0x00, 0xe0])],
    ['GIF88a', bytes('GIF88a')],
    ['RIFF that is not WebP (WAVE)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['an SVG after a byte-order mark', bytes([0xef, 0xbb, 0xbf], '<svg/>')],
    ['an HTML page', bytes('<!doctype html><script>')],
    ['a PDF', bytes('%PDF-1.7')],
    ['a Windows executable', bytes('MZ', [0x90, 0x00])],
    ['a ZIP', bytes('PK', [0x03, 0x04])],
    ['a PNG signature after one leading space', bytes(' ', PNG_SIGNATURE)],
    ['nothing', bytes()],
  ])('refuses %s', (_label, input) => {
    expect(sniffImageFormat(input)).toBeNull();
  });
});
