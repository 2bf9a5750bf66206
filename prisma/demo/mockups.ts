// Mockups for the demo galleries (Decision 086): the design framed on a wall,
// and a close-up of its centre, the way shops show a print in use and its detail.
import sharp from 'sharp';
import { INPUT_OPTIONS } from '@/lib/infra/images';
import type { Palette } from './catalogue';
import { DESIGN_SIZE } from './designs';

const CANVAS = 1200;
const ART = 620;
const MAT = 44;
const FRAME = 18;

/** The print in a white mat and a dark frame, hung on a wall in the palette's light colour above a floor line. */
export async function framedMockup(design: Buffer, palette: Palette): Promise<Buffer> {
  const framed = await sharp(design, INPUT_OPTIONS)
    .resize(ART, ART)
    .extend({ top: MAT, bottom: MAT, left: MAT, right: MAT, background: '#ffffff' })
    .extend({ top: FRAME, bottom: FRAME, left: FRAME, right: FRAME, background: '#2f2a28' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const side = ART + 2 * (MAT + FRAME);
  const floor = await sharp({ create: { width: CANVAS, height: 260, channels: 3, background: '#d8c3a5' } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp({ create: { width: CANVAS, height: CANVAS, channels: 3, background: palette.panel } })
    .composite([
      { input: floor, left: 0, top: CANVAS - 260 },
      { input: framed, left: Math.round((CANVAS - side) / 2), top: 120 },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The middle half of the design, enlarged. */
export function detailMockup(design: Buffer): Promise<Buffer> {
  const quarter = DESIGN_SIZE / 4;
  return sharp(design, INPUT_OPTIONS)
    .extract({ left: quarter, top: quarter, width: DESIGN_SIZE / 2, height: DESIGN_SIZE / 2 })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
