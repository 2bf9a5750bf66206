// Image processing for everything the shop shows publicly: watermarked
// previews, square thumbnails and category covers, all WebP with metadata
// stripped (sharp drops EXIF/XMP/ICC unless asked to keep them, which we never
// do). Uploaded images are untrusted: every decode is bounded in pixels and
// aborts on corrupt data, and only raster formats are accepted, because SVG and
// PDF inputs would run a renderer over attacker-controlled markup.
import 'server-only';
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';

export const MAX_INPUT_PIXELS = 50_000_000;
export const ACCEPTED_INPUT_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif'] as const;

export const PREVIEW_MAX_SIDE = 1200;
export const PREVIEW_QUALITY = 80;
export const THUMBNAIL_SIZE = 480;
export const THUMBNAIL_QUALITY = 78;
export const CATEGORY_IMAGE_WIDTH = 800;
export const CATEGORY_IMAGE_HEIGHT = 600;
export const CATEGORY_IMAGE_QUALITY = 80;
/** libwebp effort 2 encodes about twice as fast as the default 4 for files only ~3 % larger. */
export const WEBP_EFFORT = 2;
export const WATERMARK_TEXT = 'PREVIEW · PIXEL PRESS STUDIO';

export const INPUT_OPTIONS = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'error',
  autoOrient: true,
} as const satisfies SharpOptions;

export type AcceptedFormat = (typeof ACCEPTED_INPUT_FORMATS)[number];
export type ImageInfo = { format: AcceptedFormat; width: number; height: number };

/** The input is not an image we accept (unknown format, corrupt, too large). Safe to show to the uploader. */
export class ImageInputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageInputError';
  }
}

function isAccepted(format: string | undefined): format is AcceptedFormat {
  return (ACCEPTED_INPUT_FORMATS as readonly string[]).includes(format ?? '');
}

const TOO_LARGE = `The image is too large (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`;

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** Format and upright dimensions of an uploaded image; throws ImageInputError when it is not one we accept. */
export async function inspectImage(input: Buffer): Promise<ImageInfo> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, INPUT_OPTIONS).metadata();
  } catch (error) {
    throw new ImageInputError(isPixelLimit(error) ? TOO_LARGE : 'The file is not a readable image', { cause: error });
  }
  if (!isAccepted(metadata.format)) {
    throw new ImageInputError(`Unsupported image format: ${metadata.format ?? 'unknown'} (use JPEG, PNG, WebP, GIF, TIFF or AVIF)`);
  }
  const { width, height } = metadata.autoOrient;
  return { format: metadata.format, width, height };
}

/** Runs a pipeline over untrusted input; decoding failures surface as ImageInputError. */
async function encode(pipeline: Sharp): Promise<Buffer> {
  try {
    return await pipeline.toBuffer();
  } catch (error) {
    throw new ImageInputError('The image could not be processed', { cause: error });
  }
}

/** Dimensions that fit inside a `maxSide` square, never enlarging. */
export function fitInside(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Rows of diagonal text across the whole image, alternate rows offset by half a
 * label. White with a faint dark outline so it reads on light and dark artwork
 * alike, yet stays light enough to judge the design.
 */
export function watermarkSvg(width: number, height: number, text = WATERMARK_TEXT): string {
  const fontSize = Math.max(12, Math.round(Math.max(width, height) / 34));
  // Bold capitals with letter spacing advance about 0.84 em each; add a 4 em gap between labels.
  const tileWidth = Math.round(fontSize * (text.length * 0.84 + 4));
  const tileHeight = fontSize * 6;
  const label = escapeXml(text);
  const row = (x: number, y: number) => `<text x="${x}" y="${y}">${label}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <pattern id="wm" patternUnits="userSpaceOnUse" width="${tileWidth}" height="${tileHeight}" patternTransform="rotate(-30)">
      <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}"
         letter-spacing="${(fontSize * 0.12).toFixed(1)}" fill="#ffffff" fill-opacity="0.32"
         stroke="#000000" stroke-opacity="0.12" stroke-width="${Math.max(1, fontSize / 28).toFixed(1)}">
        ${row(0, fontSize * 2)}
        ${row(Math.round(tileWidth / 2), fontSize * 5)}
        ${row(Math.round(-tileWidth / 2), fontSize * 5)}
      </g>
    </pattern>
  </defs>
  <rect width="100%" height="100%" fill="url(#wm)"/>
</svg>`;
}

const WATERMARK_CACHE_SIZE = 16;
type RawOverlay = { data: Buffer; info: OutputInfo };
const watermarkCache = new Map<string, Promise<RawOverlay>>();

/** The overlay rendered once per output size, kept as raw pixels: most previews share a handful of sizes. */
function watermarkOverlay(width: number, height: number): Promise<RawOverlay> {
  const key = `${width}x${height}`;
  let overlay = watermarkCache.get(key);
  if (!overlay) {
    overlay = sharp(Buffer.from(watermarkSvg(width, height)), INPUT_OPTIONS).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    overlay.catch(() => watermarkCache.delete(key));
    if (watermarkCache.size >= WATERMARK_CACHE_SIZE) watermarkCache.delete(watermarkCache.keys().next().value as string);
    watermarkCache.set(key, overlay);
  }
  return overlay;
}

/** WebP no larger than PREVIEW_MAX_SIDE with the repeated watermark: good to look at, useless as the product. */
export async function makePreview(input: Buffer): Promise<Buffer> {
  const info = await inspectImage(input);
  const size = fitInside(info.width, info.height, PREVIEW_MAX_SIDE);
  const overlay = await watermarkOverlay(size.width, size.height);
  // Resizing to the exact computed size guarantees the overlay matches the image pixel for pixel.
  return encode(
    sharp(input, INPUT_OPTIONS)
      .resize(size.width, size.height, { fit: 'fill' })
      .composite([{ input: overlay.data, raw: { width: overlay.info.width, height: overlay.info.height, channels: 4 } }])
      .webp({ quality: PREVIEW_QUALITY, effort: WEBP_EFFORT }),
  );
}

/** Square WebP, THUMBNAIL_SIZE px, cropped to cover from the centre. */
export async function makeThumbnail(input: Buffer): Promise<Buffer> {
  await inspectImage(input);
  return encode(
    sharp(input, INPUT_OPTIONS)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: THUMBNAIL_QUALITY, effort: WEBP_EFFORT }),
  );
}

/** Landscape WebP cover for the Browse by Category grid. */
export async function makeCategoryImage(input: Buffer): Promise<Buffer> {
  await inspectImage(input);
  return encode(
    sharp(input, INPUT_OPTIONS)
      .resize(CATEGORY_IMAGE_WIDTH, CATEGORY_IMAGE_HEIGHT, { fit: 'cover', position: 'centre' })
      .webp({ quality: CATEGORY_IMAGE_QUALITY, effort: WEBP_EFFORT }),
  );
}

/**
 * Renders SVG markup that the server wrote itself (generated artwork) to PNG,
 * optionally tagged with a print resolution. `opaque` drops the alpha channel
 * of artwork that paints its own background: a quarter less data to encode
 * and decode downstream. Never pass uploaded SVG here: it is the one path that
 * runs the SVG renderer.
 */
export async function renderTrustedSvg(
  svg: string,
  options: { compressionLevel?: number; dpi?: number; opaque?: boolean } = {},
): Promise<Buffer> {
  const pipeline = sharp(Buffer.from(svg), INPUT_OPTIONS);
  if (options.opaque) pipeline.removeAlpha();
  if (options.dpi) pipeline.withDensity(options.dpi);
  return pipeline.png({ compressionLevel: options.compressionLevel ?? 6 }).toBuffer();
}

/**
 * Decodes a large original once into an upright, uncompressed TIFF no larger
 * than the preview (cheap to write and read back); preview and thumbnail are
 * then made from it. The full decode is also what catches truncated files.
 */
export async function makeWorkingCopy(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, INPUT_OPTIONS)
      .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .tiff({ compression: 'none' })
      .toBuffer();
  } catch (error) {
    throw new ImageInputError('The image could not be processed', { cause: error });
  }
}

export type Rgb = [number, number, number];

/** The dominant and the mean colour of an image, from a small bounded decode. */
export async function colourStats(input: Buffer): Promise<{ dominant: Rgb; mean: Rgb }> {
  const stats = await sharp(input, INPUT_OPTIONS).resize(64, 64, { fit: 'inside' }).removeAlpha().stats();
  const { r, g, b } = stats.dominant;
  const [mr, mg, mb] = stats.channels.map((c) => c.mean);
  return { dominant: [r, g, b], mean: [mr, mg, mb] };
}
