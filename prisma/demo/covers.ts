// Covers for bundles and categories: product artwork as framed tiles on a
// designed background, the way real shops show what is inside.
import sharp from 'sharp';
import { INPUT_OPTIONS, renderTrustedSvg } from '@/lib/infra/images';
import { DEMO_PRODUCTS, PALETTES, type DemoBundle, type DemoCategory } from './catalogue';
import { DESIGN_SIZE } from './designs';
import { background, backgroundDefs, between, layoutText, rngFor, SANS, scatter, star, studioMark, svgDocument, textSvg } from './svg';

type Tile = { x: number; y: number };

function tileFrames(tiles: Tile[], size: number): string {
  return tiles
    .map(
      ({ x, y }) =>
        `<rect x="${x - 6}" y="${y - 3}" width="${size + 24}" height="${size + 24}" rx="10" fill="#000000" fill-opacity="0.18"/><rect x="${x - 12}" y="${y - 12}" width="${size + 24}" height="${size + 24}" rx="10" fill="#ffffff"/>`,
    )
    .join('');
}

/** Renders the background SVG (drawn in units where 1000 = `width` px) and drops the designs into its tiles. */
export async function collage(svg: string, width: number, tiles: Tile[], tileUnits: number, designs: Buffer[]): Promise<Buffer> {
  const scale = width / 1000;
  const tilePx = Math.round(tileUnits * scale);
  const [base, ...images] = await Promise.all([
    renderTrustedSvg(svg, { compressionLevel: 1, opaque: true }),
    ...designs.map((png) => sharp(png, INPUT_OPTIONS).resize(tilePx, tilePx).png({ compressionLevel: 1 }).toBuffer()),
  ]);
  const composites = tiles.map(({ x, y }, i) => ({ input: images[i], left: Math.round(x * scale), top: Math.round(y * scale) }));
  return sharp(base, INPUT_OPTIONS).composite(composites).png({ compressionLevel: 1 }).toBuffer();
}

const BUNDLE_TILE = 280;
const BUNDLE_TILES_TOP = 150;
const BUNDLE_TILE_GAP = 26;

/** Two tiles a row; an odd last tile sits centred. */
function bundleTiles(count: number): Tile[] {
  const rows = Math.ceil(count / 2);
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / 2);
    const alone = row === rows - 1 && count % 2 === 1;
    const x = alone ? 500 - BUNDLE_TILE / 2 : i % 2 === 0 ? 500 - BUNDLE_TILE - BUNDLE_TILE_GAP / 2 : 500 + BUNDLE_TILE_GAP / 2;
    return { x, y: BUNDLE_TILES_TOP + row * (BUNDLE_TILE + BUNDLE_TILE_GAP) };
  });
}

function bundleSvg(bundle: DemoBundle, size: number, tiles: Tile[]): string {
  const p = PALETTES[bundle.palette];
  const rng = rngFor(bundle.title);
  const stars = scatter(rng, 24, (x, y) => star(x, y, between(rng, 8, 20), p.accents[0], 0.5));
  const ribbon = `<rect x="230" y="36" width="540" height="80" rx="40" fill="${p.accents[1]}"/><text x="500" y="89" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="32" letter-spacing="4" fill="#ffffff">BUNDLE · ${bundle.products.length} DESIGNS</text>`;
  const top = BUNDLE_TILES_TOP + Math.ceil(tiles.length / 2) * (BUNDLE_TILE + BUNDLE_TILE_GAP) + 8;
  const title = layoutText(bundle.title, 880, 2, 72);
  return svgDocument(
    { width: size, height: size },
    '0 0 1000 1000',
    backgroundDefs(p),
    `${background}${stars}${ribbon}${tileFrames(tiles, BUNDLE_TILE)}${textSvg(title, 500, top, p.ink)}`,
  );
}

export function bundleCover(bundle: DemoBundle, designs: Buffer[]): Promise<Buffer> {
  const tiles = bundleTiles(designs.length);
  return collage(bundleSvg(bundle, DESIGN_SIZE, tiles), DESIGN_SIZE, tiles, BUNDLE_TILE, designs);
}

export const CATEGORY_WIDTH = 1000;
const CATEGORY_HEIGHT = 750;
export const CATEGORY_TILE = 270;
export const CATEGORY_TILES: Tile[] = [{ x: 65 }, { x: 365 }, { x: 665 }].map(({ x }) => ({ x, y: 70 }));

export function categorySvg(category: DemoCategory): string {
  const p = PALETTES[category.palette];
  const rng = rngFor(category.name);
  const stars = scatter(rng, 20, (x, y) => star(x, y * 0.75, between(rng, 8, 18), p.accents[0], 0.5));
  const name = layoutText(category.name, 880, 1, 104);
  const top = 430 + (180 - name.height) / 2;
  return svgDocument(
    { width: CATEGORY_WIDTH, height: CATEGORY_HEIGHT },
    `0 0 ${CATEGORY_WIDTH} ${CATEGORY_HEIGHT}`,
    backgroundDefs(p),
    `${background}${stars}${tileFrames(CATEGORY_TILES, CATEGORY_TILE)}${textSvg(name, 500, top, p.ink)}${studioMark(670, p)}`,
  );
}

/** Up to three of the category's products, one per subcategory first, for variety. */
export function categoryShowcase(category: DemoCategory): string[] {
  const products = DEMO_PRODUCTS.filter((p) => p.category === category.name);
  const firstOfEach = [...new Map(products.map((p) => [p.subcategory, p.title])).values()];
  const rest = products.map((p) => p.title).filter((t) => !firstOfEach.includes(t));
  return [...firstOfEach, ...rest].slice(0, CATEGORY_TILES.length);
}
