// Renders every product, bundle and category and uploads its files, previews
// and covers. Nothing here writes a row: prisma/demo/write.ts does, afterwards.
import { randomBytes, randomUUID } from 'node:crypto';
import { makeCategoryImage, makeWorkingCopy, previewFromWorkingCopy, renderTrustedSvg, thumbnailFromWorkingCopy } from '@/lib/infra/images';
import { putObject } from '@/lib/infra/storage';
import { DEMO_BUNDLES, DEMO_CATEGORIES, DEMO_PRODUCTS, PALETTES, type DemoBundle, type DemoCategory, type DemoProduct } from './catalogue';
import { bundleCover, CATEGORY_TILE, CATEGORY_TILES, CATEGORY_WIDTH, categoryShowcase, categorySvg, collage } from './covers';
import { DESIGN_SIZE, DESIGNERS, designSvg, motifOf, TRANSPARENT_SIZE, transparentSvg, type Design } from './designs';
import { detailMockup, framedMockup } from './mockups';
import { printGuidePdf, printSizesPdf, whatsInsidePdf } from './pdf';
import { rngFor } from './svg';

const PRINT_DPI = 300;
/** zlib level for the downloadable PNGs: level 3 is about twice as fast as 6 for 20-40 % larger files. */
const PNG_COMPRESSION = 3;
const WORK_CONCURRENCY = 4;

/** cuid2-shaped (a letter, then base36) from 128 random bits: unguessable and accepted by the API's id checks. */
function newId(): string {
  return `c${BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0')}`;
}

function fileSlug(title: string): string {
  return title
    .replace(/&/g, 'and')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .join('-');
}

type PlannedFile = { storageKey: string; originalFilename: string; contentType: string; sizeBytes: number; position: number };
/** A gallery image after the main one (Decision 086). */
export type PlannedImage = { imagePath: string; thumbnailPath: string; alt: string };
type ItemResult = { id: string; files: PlannedFile[]; design: Buffer | null; mockups: PlannedImage[] };

async function uploadFile(productId: string, position: number, originalFilename: string, body: Buffer, contentType: string): Promise<PlannedFile> {
  const ext = originalFilename.slice(originalFilename.lastIndexOf('.') + 1);
  const storageKey = `files/${productId}/${randomUUID()}.${ext}`;
  await putObject('private', storageKey, body, contentType);
  return { storageKey, originalFilename, contentType, sizeBytes: body.length, position };
}

/** Preview and thumbnail cut from one decode, with the uploads' fast WebP settings. */
async function uploadImages(name: string, design: Buffer): Promise<void> {
  const copy = await makeWorkingCopy(design);
  const thumbnail = await thumbnailFromWorkingCopy(copy);
  const preview = await previewFromWorkingCopy(copy);
  await Promise.all([putObject('public', `previews/${name}.webp`, preview, 'image/webp'), putObject('public', `thumbs/${name}.webp`, thumbnail, 'image/webp')]);
}

/** Two or three images a product: the design, framed on a wall, and (every other product) a close-up. */
async function uploadMockups(id: string, index: number, product: DemoProduct, design: Buffer): Promise<PlannedImage[]> {
  const planned = [{ name: `${id}-wall`, alt: `${product.title}, framed on a wall`, render: () => framedMockup(design, PALETTES[product.palette]) }];
  if (index % 2 === 0) planned.push({ name: `${id}-detail`, alt: `${product.title}, close-up of the detail`, render: () => detailMockup(design) });
  return Promise.all(
    planned.map(async ({ name, alt, render }) => {
      await uploadImages(name, await render());
      return { imagePath: `/media/previews/${name}.webp`, thumbnailPath: `/media/thumbs/${name}.webp`, alt };
    }),
  );
}

function extraFile(product: DemoProduct, design: Design): Promise<{ name: string; body: Buffer; type: string }> | null {
  const slug = fileSlug(product.title);
  switch (product.extra) {
    case 'print-guide':
      return Promise.resolve({ name: `${slug}-Print-Guide.pdf`, body: printGuidePdf(product.title), type: 'application/pdf' });
    case 'print-sizes':
      return Promise.resolve({ name: `${slug}-Print-Sizes.pdf`, body: printSizesPdf(product.title), type: 'application/pdf' });
    case 'transparent':
      return renderTrustedSvg(transparentSvg(design, TRANSPARENT_SIZE), { compressionLevel: PNG_COMPRESSION, dpi: PRINT_DPI }).then((body) => ({
        name: `${slug}-Transparent.png`,
        body,
        type: 'image/png',
      }));
    default:
      return null;
  }
}

async function buildProduct(product: DemoProduct, index: number): Promise<ItemResult> {
  const id = newId();
  const design = DESIGNERS[motifOf(product)](product.title, PALETTES[product.palette], rngFor(product.title));
  const png = await renderTrustedSvg(designSvg(design, DESIGN_SIZE), { compressionLevel: PNG_COMPRESSION, dpi: PRINT_DPI, opaque: true });
  const extra = await extraFile(product, design);
  const [main, second, , mockups] = await Promise.all([
    uploadFile(id, 0, `${fileSlug(product.title)}.png`, png, 'image/png'),
    extra ? uploadFile(id, 1, extra.name, extra.body, extra.type) : null,
    uploadImages(id, png),
    uploadMockups(id, index, product, png),
  ]);
  return { id, files: second ? [main, second] : [main], design: png, mockups };
}

async function buildBundle(bundle: DemoBundle, designs: Map<string, Buffer>): Promise<ItemResult> {
  const id = newId();
  const cover = await bundleCover(
    bundle,
    bundle.products.map((title) => designs.get(title) as Buffer),
  );
  const [sheet] = await Promise.all([
    uploadFile(id, 0, `${fileSlug(bundle.title)}-Whats-Inside.pdf`, whatsInsidePdf(bundle), 'application/pdf'),
    uploadImages(id, cover),
  ]);
  return { id, files: [sheet], design: null, mockups: [] };
}

async function buildCategory(category: DemoCategory, designs: Map<string, Buffer>): Promise<{ id: string; displayImagePath: string }> {
  const id = newId();
  const showcase = categoryShowcase(category).map((title) => designs.get(title) as Buffer);
  const cover = await collage(categorySvg(category), CATEGORY_WIDTH, CATEGORY_TILES.slice(0, showcase.length), CATEGORY_TILE, showcase);
  const key = `categories/${id}.webp`;
  await putObject('public', key, await makeCategoryImage(cover), 'image/webp');
  return { id, displayImagePath: `/media/${key}` };
}

/** Runs `work` over `items` with at most `limit` in flight, keeping results in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}

function validateCatalogue(): void {
  const titles = new Set(DEMO_PRODUCTS.map((p) => p.title));
  for (const bundle of DEMO_BUNDLES) {
    const missing = bundle.products.filter((t) => !titles.has(t));
    if (missing.length > 0) throw new Error(`Bundle "${bundle.title}" lists unknown products: ${missing.join(', ')}`);
  }
}

export type Uploaded = {
  categories: { id: string; displayImagePath: string }[];
  products: ItemResult[];
  bundles: ItemResult[];
};

export async function uploadCatalogue(): Promise<Uploaded> {
  validateCatalogue();
  const products = await mapLimit(DEMO_PRODUCTS, WORK_CONCURRENCY, buildProduct);
  const designs = new Map(DEMO_PRODUCTS.map((p, i) => [p.title, products[i].design as Buffer]));
  // Covers reuse the product artwork, so they come second, bundles and categories side by side.
  const half = Math.max(1, WORK_CONCURRENCY / 2);
  const [bundles, categories] = await Promise.all([
    mapLimit(DEMO_BUNDLES, half, (bundle) => buildBundle(bundle, designs)),
    mapLimit(DEMO_CATEGORIES, half, (category) => buildCategory(category, designs)),
  ]);
  return { products, bundles, categories };
}
