// Image processing for everything the shop shows publicly: watermarked
// previews, square thumbnails and category covers, all WebP with metadata
// stripped (sharp drops EXIF/XMP/ICC unless asked to keep them, which we never
// do). Uploaded images are untrusted: every decode is bounded in pixels and
// aborts on corrupt data, and only raster formats are accepted, because SVG and
// PDF inputs would run a renderer over attacker-controlled markup.
import 'server-only';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';

// One libvips thread per operation: the parallelism is across images (the job
// loop runs several at once), and PNG decoding and WebP encoding are mostly
// single-threaded anyway; more threads per image only contend for the cores.
sharp.concurrency(1);

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
/**
 * Upload previews and thumbnails, made by the hundred: effort 1 encodes a 1200 px
 * preview in ~27 ms against ~38 ms at effort 2, for files ~20 % larger (still
 * ~25 KB) at the same quality setting.
 */
export const UPLOAD_WEBP_EFFORT = 1;
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

/**
 * The watermark at one output size, reduced to the pixels it actually covers
 * (about a tenth of the image): blending just those in place costs ~5 ms where
 * libvips' general composite (float, every pixel) cost ~25 ms per preview.
 */
type SparseOverlay = { offsets: Uint32Array; alpha: Uint8Array; rgb: Uint8Array };
const watermarkCache = new Map<string, Promise<SparseOverlay>>();

async function renderSparseOverlay(width: number, height: number): Promise<SparseOverlay> {
  const { data } = await sharp(Buffer.from(watermarkSvg(width, height)), INPUT_OPTIONS)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let covered = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) covered++;
  const overlay: SparseOverlay = { offsets: new Uint32Array(covered), alpha: new Uint8Array(covered), rgb: new Uint8Array(covered * 3) };
  for (let pixel = 0, k = 0; k < covered; pixel++) {
    const a = data[pixel * 4 + 3];
    if (a === 0) continue;
    overlay.offsets[k] = pixel;
    overlay.alpha[k] = a;
    overlay.rgb.set(data.subarray(pixel * 4, pixel * 4 + 3), k * 3);
    k++;
  }
  return overlay;
}

/** Rendered once per output size: most previews share a handful of sizes. */
function watermarkOverlay(width: number, height: number): Promise<SparseOverlay> {
  const key = `${width}x${height}`;
  let overlay = watermarkCache.get(key);
  if (!overlay) {
    overlay = renderSparseOverlay(width, height);
    overlay.catch(() => watermarkCache.delete(key));
    if (watermarkCache.size >= WATERMARK_CACHE_SIZE) watermarkCache.delete(watermarkCache.keys().next().value as string);
    watermarkCache.set(key, overlay);
  }
  return overlay;
}

/** 8-bit sRGB pixels, 3 (RGB) or 4 (RGBA) channels, as decoded once for all renditions. */
export type WorkingCopy = { data: Buffer; width: number; height: number; channels: 3 | 4 };

/** Source-over blend of the watermark into `image`, in place; the same arithmetic as libvips' "over". */
function blendOver(image: WorkingCopy, overlay: SparseOverlay): void {
  const { data, channels } = image;
  const { offsets, alpha, rgb } = overlay;
  if (channels === 3) {
    // Opaque artwork (the common case): integer arithmetic, rounded.
    for (let k = 0, c = 0; k < offsets.length; k++, c += 3) {
      const at = offsets[k] * 3;
      const a = alpha[k];
      const rest = 255 - a;
      data[at] = (rgb[c] * a + data[at] * rest + 127) / 255;
      data[at + 1] = (rgb[c + 1] * a + data[at + 1] * rest + 127) / 255;
      data[at + 2] = (rgb[c + 2] * a + data[at + 2] * rest + 127) / 255;
    }
    return;
  }
  for (let k = 0; k < offsets.length; k++) {
    const at = offsets[k] * 4;
    const a = alpha[k] / 255;
    const baseAlpha = data[at + 3] / 255;
    const outAlpha = a + baseAlpha * (1 - a);
    for (let c = 0; c < 3; c++) {
      data[at + c] = Math.round((rgb[k * 3 + c] * a + data[at + c] * baseAlpha * (1 - a)) / outAlpha);
    }
    data[at + 3] = Math.round(outAlpha * 255);
  }
}

/**
 * Decodes an upload once, upright and no larger than the preview, into raw
 * 8-bit sRGB pixels that preview and thumbnail are both cut from. The full
 * decode is also what catches truncated files.
 */
export async function makeWorkingCopy(input: Buffer): Promise<WorkingCopy> {
  try {
    const { data, info } = await sharp(input, INPUT_OPTIONS)
      .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 && info.channels !== 4) throw new Error(`unexpected ${info.channels} channels after sRGB conversion`);
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw new ImageInputError(isPixelLimit(error) ? TOO_LARGE : 'The image could not be processed', { cause: error });
  }
}

const rawInput = (copy: WorkingCopy) => ({ raw: { width: copy.width, height: copy.height, channels: copy.channels } });

/** Square WebP thumbnail cut from a working copy (not watermarked: too small to be worth taking). */
export function thumbnailFromWorkingCopy(copy: WorkingCopy): Promise<Buffer> {
  return encode(
    sharp(copy.data, rawInput(copy))
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: THUMBNAIL_QUALITY, effort: UPLOAD_WEBP_EFFORT }),
  );
}

/** Watermarked WebP preview from a working copy. Consumes the copy: the watermark is blended into its pixels. */
export async function previewFromWorkingCopy(copy: WorkingCopy): Promise<Buffer> {
  blendOver(copy, await watermarkOverlay(copy.width, copy.height));
  return encode(sharp(copy.data, rawInput(copy)).webp({ quality: PREVIEW_QUALITY, effort: UPLOAD_WEBP_EFFORT }));
}

/** WebP no larger than PREVIEW_MAX_SIDE with the repeated watermark: good to look at, useless as the product. */
export async function makePreview(input: Buffer): Promise<Buffer> {
  await inspectImage(input);
  return previewFromWorkingCopy(await makeWorkingCopy(input));
}

/** Square WebP, THUMBNAIL_SIZE px, cropped to cover from the centre. */
export async function makeThumbnail(input: Buffer): Promise<Buffer> {
  await inspectImage(input);
  return thumbnailFromWorkingCopy(await makeWorkingCopy(input));
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

/** The shop's logo or hero: inside the box, never enlarged, transparency kept. */
export async function makeShopImage(input: Buffer, box: { width: number; height: number }): Promise<Buffer> {
  await inspectImage(input);
  const resized = sharp(input, INPUT_OPTIONS).resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true });
  return encode(resized.webp({ quality: CATEGORY_IMAGE_QUALITY, effort: WEBP_EFFORT }));
}

/**
 * Renders SVG markup that the server wrote itself (generated artwork) to PNG,
 * optionally tagged with a print resolution. `opaque` drops the alpha channel
 * of artwork that paints its own background: a quarter less data to encode
 * and decode downstream. Never pass uploaded SVG here: it is the one path that
 * runs the SVG renderer.
 */
export async function renderTrustedSvg(svg: string, options: { compressionLevel?: number; dpi?: number; opaque?: boolean } = {}): Promise<Buffer> {
  const pipeline = sharp(Buffer.from(svg), INPUT_OPTIONS);
  if (options.opaque) pipeline.removeAlpha();
  if (options.dpi) pipeline.withDensity(options.dpi);
  return pipeline.png({ compressionLevel: options.compressionLevel ?? 6 }).toBuffer();
}

export type Rgb = [number, number, number];

/** The dominant and the mean colour of an image, from a small bounded decode. */
export async function colourStats(input: Buffer): Promise<{ dominant: Rgb; mean: Rgb }> {
  const stats = await sharp(input, INPUT_OPTIONS).resize(64, 64, { fit: 'inside' }).removeAlpha().stats();
  const { r, g, b } = stats.dominant;
  const [mr, mg, mb] = stats.channels.map((c) => c.mean);
  return { dominant: [r, g, b], mean: [mr, mg, mb] };
}

/**
 * A square PNG mosaic (2 × 2, or 1 × 1 for one tile) of thumbnails the shop
 * made itself, for a bundle without an uploaded cover. PNG, not WebP, so the
 * result can go through the same checks and renditions as an upload.
 */
export async function composeMosaic(tiles: Buffer[]): Promise<Buffer> {
  const picked = tiles.slice(0, 4);
  if (picked.length === 0) throw new ImageInputError('No images to compose');
  const grid = picked.length === 1 ? 1 : 2;
  const side = THUMBNAIL_SIZE;
  const cells = await Promise.all(picked.map((tile) => sharp(tile, INPUT_OPTIONS).resize(side, side, { fit: 'cover', position: 'centre' }).png().toBuffer()));
  // Three tiles: the first repeats in the last cell, so the square has no hole.
  if (grid === 2) while (cells.length < 4) cells.push(cells[0]);
  return encode(
    sharp({ create: { width: side * grid, height: side * grid, channels: 3, background: '#ffffff' } })
      .composite(cells.map((input, i) => ({ input, left: (i % grid) * side, top: Math.floor(i / grid) * side })))
      .png({ compressionLevel: 6 }),
  );
}
