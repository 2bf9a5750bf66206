// The demo catalogue of "Pixel Press Studio": categories, products and bundles
// with generated artwork, watermarked previews and real downloadable files, so
// a fresh shop (and every test run) looks and behaves like a working store.
//
// Order matters for crash safety: every object is uploaded first, then all rows
// are written in one transaction that also claims the `demo_seeded` marker. A
// crash leaves at most unreferenced objects in storage, never half a catalogue.
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_BANNER } from '@/lib/banner';
import { env } from '@/lib/env';
import { BANNER_KEY } from '@/lib/domain/catalog';
import { db, type Prisma } from '@/lib/infra/db';
import { INPUT_OPTIONS, makeCategoryImage, makePreview, makeThumbnail, renderTrustedSvg } from '@/lib/infra/images';
import { ensureBuckets, putObject } from '@/lib/infra/storage';

export const SEEDED_KEY = 'demo_seeded';
export const INSTANCE_ID_KEY = 'instance_id';

/** Side of the downloadable design PNGs; the artwork is vector, so this only trades time for pixels. */
export const DESIGN_SIZE = 1600;
const TRANSPARENT_SIZE = 1500;
const PRINT_DPI = 300;
/** zlib level for the downloadable PNGs: level 3 is about twice as fast as 6 for 20-40 % larger files. */
const PNG_COMPRESSION = 3;
const WORK_CONCURRENCY = 4;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------
// Catalogue content
// ---------------------------------------------------------------------------

export const DEMO_TAGS = [
  'animals', 'boho', 'christmas', 'coffee', 'cute', 'easter', 'floral', 'funny',
  'halloween', 'kids', 'nursery', 'quotes', 'retro', 'summer', 'teacher', 'western',
] as const;

type TagName = (typeof DEMO_TAGS)[number];
type PaletteName = keyof typeof PALETTES;
type Motif = 'wrap' | 'shirt' | 'mug' | 'flower' | 'animal' | 'seasonal' | 'nursery' | 'quote' | 'sticker';
/** The second file some products carry besides the design PNG. */
type Extra = 'print-guide' | 'print-sizes' | 'transparent';

type Palette = { from: string; to: string; accents: [string, string, string]; ink: string; panel: string };

const PALETTES = {
  sunset: { from: '#ffb677', to: '#ff6f91', accents: ['#ffd166', '#ef476f', '#845ec2'], ink: '#3d1f47', panel: '#fff4e6' },
  peach: { from: '#ffe5d9', to: '#ffb4a2', accents: ['#e5989b', '#6d6875', '#f4a261'], ink: '#4a3540', panel: '#fffaf7' },
  mint: { from: '#e9f5db', to: '#95d5b2', accents: ['#2d6a4f', '#f4a261', '#e76f51'], ink: '#1b4332', panel: '#f7fcf5' },
  ocean: { from: '#48cae4', to: '#023e8a', accents: ['#caf0f8', '#ffd166', '#ff8fab'], ink: '#ffffff', panel: '#03045e' },
  lavender: { from: '#e0c3fc', to: '#8ec5fc', accents: ['#7b2cbf', '#ff70a6', '#ffd670'], ink: '#2b124c', panel: '#ffffff' },
  night: { from: '#3c096c', to: '#10002b', accents: ['#ff9e00', '#f72585', '#4cc9f0'], ink: '#ffffff', panel: '#240046' },
  earth: { from: '#faedcd', to: '#d4a373', accents: ['#bc6c25', '#606c38', '#283618'], ink: '#283618', panel: '#fefae0' },
  turquoise: { from: '#f2e8dc', to: '#c8a27a', accents: ['#1aa7a1', '#8b5e3c', '#3b2a1a'], ink: '#3b2a1a', panel: '#fffaf2' },
  candy: { from: '#ffc8dd', to: '#bde0fe', accents: ['#ff006e', '#8338ec', '#3a86ff'], ink: '#3a0ca3', panel: '#ffffff' },
  pumpkin: { from: '#3a3a5a', to: '#141424', accents: ['#ffb703', '#fb8500', '#8ac926'], ink: '#ffffff', panel: '#5a189a' },
  holly: { from: '#c1121f', to: '#780000', accents: ['#fdf0d5', '#2a9d8f', '#ffd166'], ink: '#fdf0d5', panel: '#3d0000' },
  cream: { from: '#fdfcdc', to: '#fed9b7', accents: ['#f07167', '#00afb9', '#0081a7'], ink: '#0b3c49', panel: '#ffffff' },
} satisfies Record<string, Palette>;

type DemoCategory = { name: string; subcategories: string[]; palette: PaletteName; motif: Motif };

export const DEMO_CATEGORIES: DemoCategory[] = [
  { name: 'Sublimation Designs', subcategories: ['Tumblers', 'T-Shirts', 'Mugs'], palette: 'sunset', motif: 'wrap' },
  { name: 'Clip Art', subcategories: ['Florals', 'Animals', 'Seasonal'], palette: 'mint', motif: 'flower' },
  { name: 'Printable Wall Art', subcategories: ['Nursery', 'Quotes'], palette: 'peach', motif: 'nursery' },
  { name: 'Stickers', subcategories: [], palette: 'candy', motif: 'sticker' },
];

type DemoProduct = {
  title: string;
  category: string;
  subcategory: string | null;
  priceCents: number;
  salePriceCents?: number;
  tags: TagName[];
  /** How long ago it was "added": distinct values make newest-first ordering stable. */
  ageDays: number;
  palette: PaletteName;
  extra?: Extra;
  description: string;
};

const TUMBLER = { category: 'Sublimation Designs', subcategory: 'Tumblers', extra: 'print-guide' } as const;
const SHIRT = { category: 'Sublimation Designs', subcategory: 'T-Shirts' } as const;
const MUG = { category: 'Sublimation Designs', subcategory: 'Mugs' } as const;
const FLORAL = { category: 'Clip Art', subcategory: 'Florals', extra: 'transparent' } as const;
const ANIMAL = { category: 'Clip Art', subcategory: 'Animals', extra: 'transparent' } as const;
const SEASONAL = { category: 'Clip Art', subcategory: 'Seasonal', extra: 'transparent' } as const;
const NURSERY = { category: 'Printable Wall Art', subcategory: 'Nursery', extra: 'print-sizes' } as const;
const QUOTE = { category: 'Printable Wall Art', subcategory: 'Quotes', extra: 'print-sizes' } as const;
const STICKER = { category: 'Stickers', subcategory: null } as const;

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    ...TUMBLER, title: 'Sunflower Leopard Tumbler Wrap 20oz', priceCents: 650, salePriceCents: 455, tags: ['floral', 'boho', 'summer'], ageDays: 1.2, palette: 'sunset',
    description: 'A seamless sunflower and leopard print wrap sized for 20oz skinny straight tumblers. You get a 300 dpi PNG plus a PDF print guide with press times and sizing. Perfect for sublimation or waterslide projects.',
  },
  {
    ...TUMBLER, title: 'Retro Checkered Daisy Tumbler Wrap', priceCents: 600, tags: ['retro', 'floral'], ageDays: 14.5, palette: 'lavender',
    description: 'Groovy checkerboard and daisy design that wraps a 20oz skinny tumbler without visible seams. Includes a 300 dpi PNG and a printable PDF guide. Licensed for personal use and small shop sales up to 200 items.',
  },
  {
    ...TUMBLER, title: 'Western Cowhide Turquoise Tumbler Wrap', priceCents: 700, tags: ['western', 'boho'], ageDays: 27.3, palette: 'turquoise',
    description: 'Cowhide texture with turquoise stone accents for a modern western look. Delivered as a 300 dpi PNG sized for 20oz tumblers, with a PDF print guide. Works for sublimation, UV DTF and laser printers.',
  },
  {
    ...TUMBLER, title: 'Teacher Apple Pencil Tumbler Wrap 20oz', priceCents: 550, tags: ['teacher', 'cute'], ageDays: 41.8, palette: 'cream',
    description: 'Bright apples, pencils and rulers for the best end-of-year teacher gift. You receive a 300 dpi PNG and a PDF print guide for 20oz skinny tumblers. Add a name with any design app before printing.',
  },
  {
    ...SHIRT, title: 'Retro Sunset Mama Shirt Design', priceCents: 450, tags: ['retro', 'summer'], ageDays: 2.6, palette: 'sunset',
    description: 'A seventies-style striped sunset badge made for Mama tees, totes and hoodies. One high-resolution 300 dpi PNG, ready to scale to any shirt size. Print with sublimation, DTF or screen transfers.',
  },
  {
    ...SHIRT, title: 'Coffee Before Talkie Shirt Design', priceCents: 400, tags: ['coffee', 'funny'], ageDays: 19.1, palette: 'earth',
    description: 'A cheeky caffeine slogan for morning people who are not morning people. Includes a high-resolution 300 dpi PNG for adult and youth tees. Great on shirts, aprons and tote bags.',
  },
  {
    ...SHIRT, title: 'Spooky Season Ghost Shirt Design', priceCents: 450, tags: ['halloween', 'cute'], ageDays: 33.4, palette: 'night',
    description: 'Friendly little ghosts under a glowing moon for the spooky season. You get a high-resolution 300 dpi PNG, ready for sublimation or DTF. Looks great on kids and adult shirts alike.',
  },
  {
    ...SHIRT, title: 'Howdy Cowgirl Western Shirt Design', priceCents: 450, tags: ['western', 'retro'], ageDays: 52.2, palette: 'turquoise',
    description: 'A sunny western Howdy badge with desert colours and retro stripes. One high-resolution 300 dpi PNG. Ideal for tees, trucker caps and tote bags.',
  },
  {
    ...MUG, title: 'But First Coffee Mug Wrap 11oz', priceCents: 399, tags: ['coffee', 'funny'], ageDays: 6.7, palette: 'earth',
    description: 'A full mug wrap with polka dots and a steaming cup for coffee lovers. Includes a 300 dpi PNG sized for 11oz sublimation mugs. Print mirrored and press for a crisp, dishwasher-safe finish.',
  },
  {
    ...MUG, title: 'Floral Teacher Appreciation Mug Design', priceCents: 450, tags: ['teacher', 'floral'], ageDays: 29.9, palette: 'peach',
    description: 'Soft florals and a heartfelt thank-you for teachers. One 300 dpi PNG that fits 11oz and 15oz mugs. Add the teacher name in your favourite design app.',
  },
  {
    ...MUG, title: 'Christmas Cocoa Plaid Mug Wrap 15oz', priceCents: 500, tags: ['christmas', 'coffee'], ageDays: 47.5, palette: 'holly',
    description: 'Cosy red plaid with a hot cocoa cup for festive mornings. Delivered as a 300 dpi PNG sized for 15oz sublimation mugs. A quick, crowd-pleasing holiday market seller.',
  },
  {
    ...FLORAL, title: 'Watercolour Peony Clip Art Set', priceCents: 850, salePriceCents: 595, tags: ['floral', 'boho'], ageDays: 3.9, palette: 'peach',
    description: 'Hand-painted style peonies and leaves for invitations, stationery and sublimation. You get a 300 dpi arrangement PNG plus a transparent PNG of the loose elements. Commercial use for finished products is included.',
  },
  {
    ...FLORAL, title: 'Boho Wildflower Bouquet Clip Art', priceCents: 750, tags: ['floral', 'boho'], ageDays: 22.4, palette: 'earth',
    description: 'Earthy wildflowers in terracotta and sage, arranged and ready to drop into your designs. Includes a 300 dpi PNG and a transparent elements PNG. Perfect for wedding suites, labels and wall art.',
  },
  {
    ...FLORAL, title: 'Eucalyptus Greenery Frames Clip Art', priceCents: 900, tags: ['floral', 'boho'], ageDays: 37.6, palette: 'mint',
    description: 'Fresh eucalyptus sprigs and blooms for frames, wreaths and borders. One 300 dpi composition PNG plus a transparent PNG of the elements. Great for invitations, planners and signage.',
  },
  {
    ...FLORAL, title: 'Floral Alphabet Letters Clip Art', priceCents: 1450, tags: ['floral', 'kids'], ageDays: 56.1, palette: 'candy',
    description: 'Blooming florals to dress up monograms, names and initials. You get a 300 dpi showcase PNG and a transparent PNG of the flower elements. Use it for nursery names, tumblers and party decor.',
  },
  {
    ...ANIMAL, title: 'Cute Woodland Bear Clip Art', priceCents: 950, tags: ['animals', 'cute', 'kids'], ageDays: 5.3, palette: 'mint',
    description: 'A cuddly woodland bear with rosy cheeks for baby showers and kids designs. Includes a 300 dpi scene PNG and a transparent PNG of the character. Scales cleanly for stickers, shirts and invitations.',
  },
  {
    ...ANIMAL, title: 'Highland Cow Watercolour Clip Art', priceCents: 800, tags: ['animals', 'western'], ageDays: 24.8, palette: 'turquoise',
    description: 'A shaggy highland cow portrait with a farmhouse feel. You get a 300 dpi PNG and a transparent character PNG. Lovely on tumblers, tea towels and greeting cards.',
  },
  {
    ...ANIMAL, title: 'Kawaii Cat Faces Clip Art', priceCents: 650, tags: ['animals', 'cute'], ageDays: 44.2, palette: 'lavender',
    description: 'A sweet kawaii kitty face in soft pastels. Includes a 300 dpi PNG and a transparent PNG for easy layering. Ideal for stickers, planners and kids apparel.',
  },
  {
    ...SEASONAL, title: 'Christmas Gnome Tree Clip Art Set', priceCents: 900, tags: ['christmas', 'cute'], ageDays: 8.4, palette: 'holly',
    description: 'Festive trees, stars and sparkle for Christmas cards, tags and ornaments. You get a 300 dpi PNG and a transparent PNG of the elements. Commercial use for finished products is included.',
  },
  {
    ...SEASONAL, title: 'Halloween Pumpkin Patch Clip Art', priceCents: 750, tags: ['halloween', 'kids'], ageDays: 31.7, palette: 'pumpkin',
    description: 'Plump pumpkins and falling stars for autumn and Halloween projects. Includes a 300 dpi PNG and a transparent elements PNG. Great for treat bag toppers, shirts and party signs.',
  },
  {
    ...SEASONAL, title: 'Easter Bunny and Eggs Clip Art', priceCents: 700, tags: ['easter', 'cute', 'kids'], ageDays: 49.3, palette: 'candy',
    description: 'Pastel decorated eggs with confetti for Easter baskets and egg hunts. One 300 dpi PNG plus a transparent PNG of the eggs. Perfect for basket tags, cards and kids tees.',
  },
  {
    ...NURSERY, title: 'Boho Rainbow Nursery Print Set', priceCents: 1200, tags: ['nursery', 'boho', 'kids'], ageDays: 0.4, palette: 'peach',
    description: 'Muted boho rainbows with soft clouds to calm any nursery. You get a 300 dpi PNG and a PDF listing every included print size from 8 x 10 in to A3. Print at home or at your local print shop.',
  },
  {
    ...NURSERY, title: 'Safari Animals Nursery Wall Art', priceCents: 1100, tags: ['nursery', 'animals', 'kids'], ageDays: 17.2, palette: 'earth',
    description: 'Warm safari tones and a gentle rainbow for jungle-themed nurseries. Includes a 300 dpi PNG and a PDF print-size guide. Frame it or print it as a canvas.',
  },
  {
    ...NURSERY, title: 'Hello Little One Nursery Print', priceCents: 600, tags: ['nursery', 'quotes'], ageDays: 35.5, palette: 'cream',
    description: 'A sweet welcome print for baby rooms and shower gifts. One 300 dpi PNG and a PDF with the ratio guide for 8 x 10, 11 x 14 and A-series frames. Instant download, print as many as you like for your home.',
  },
  {
    ...NURSERY, title: 'Moon and Stars Nursery Printable', priceCents: 650, tags: ['nursery', 'kids'], ageDays: 54.6, palette: 'night',
    description: 'A dreamy crescent moon and twinkling stars for bedtime corners. You get a 300 dpi PNG plus a PDF size guide. Looks beautiful printed on matte card stock.',
  },
  {
    ...QUOTE, title: 'Be Kind To Your Mind Quote Print', priceCents: 500, tags: ['quotes', 'boho'], ageDays: 9.8, palette: 'mint',
    description: 'A gentle reminder in elegant type for offices, bedrooms and calm corners. Includes a 300 dpi PNG and a PDF with every print size from A5 to 16 x 20 in. Print at home in minutes.',
  },
  {
    ...QUOTE, title: 'Good Things Take Time Printable', priceCents: 500, tags: ['quotes', 'boho'], ageDays: 26.1, palette: 'cream',
    description: 'A slow-living quote with a simple botanical touch. You get a 300 dpi PNG and a PDF print-size guide. Ideal for gallery walls and thoughtful gifts.',
  },
  {
    ...QUOTE, title: 'Home Is Wherever We Are Together Sign', priceCents: 550, tags: ['quotes', 'retro'], ageDays: 39.9, palette: 'earth',
    description: 'A warm family quote styled like a vintage sign. Includes a 300 dpi PNG and a PDF listing the included sizes. Print, frame or turn it into a wooden sign with transfer paper.',
  },
  {
    ...QUOTE, title: 'Wildflower Affirmation Print Set', priceCents: 2400, tags: ['quotes', 'floral', 'boho'], ageDays: 58.4, palette: 'peach',
    description: 'A premium affirmation print framed by hand-drawn wildflowers. You get a 300 dpi PNG and a PDF guide covering every standard frame size. Perfect for self-care spaces and wellness studios.',
  },
  {
    ...STICKER, title: 'Cute Planner Sticker Sheet', priceCents: 450, tags: ['cute', 'kids'], ageDays: 4.6, palette: 'candy',
    description: 'Hearts, stars and smiles to brighten every planner spread. One 300 dpi PNG laid out on a letter-friendly sheet, ready for print-then-cut machines. Use for personal planners or to sell printed sticker sheets.',
  },
  {
    ...STICKER, title: 'Retro Smiley Sticker Pack', priceCents: 400, tags: ['retro', 'funny'], ageDays: 12.3, palette: 'sunset',
    description: 'Groovy smiley faces and flowers with thick white borders. You get a 300 dpi PNG sticker sheet sized for print-then-cut. Great for laptops, water bottles and journals.',
  },
  {
    ...STICKER, title: 'Teacher Life Sticker Sheet', priceCents: 450, tags: ['teacher', 'funny'], ageDays: 21.0, palette: 'cream',
    description: 'Reward stickers with stars and hearts for busy classrooms. Includes a 300 dpi PNG sheet ready for print-then-cut. Print on matte or glossy sticker paper.',
  },
  {
    ...STICKER, title: 'Halloween Kawaii Sticker Sheet', priceCents: 400, tags: ['halloween', 'cute'], ageDays: 30.5, palette: 'pumpkin',
    description: 'Tiny spooky-cute stickers for trick-or-treat bags and planners. One 300 dpi PNG sheet with generous cut margins. Prints beautifully on waterproof vinyl.',
  },
  {
    ...STICKER, title: 'Coffee Lover Sticker Set', priceCents: 350, tags: ['coffee', 'cute'], ageDays: 45.6, palette: 'earth',
    description: 'Caffeine-fuelled stickers for mugs, laptops and journals. You get a 300 dpi PNG sticker sheet ready for print-then-cut. An easy add-on for coffee themed orders.',
  },
  {
    ...STICKER, title: 'Christmas Cookies Sticker Sheet', priceCents: 400, tags: ['christmas', 'cute'], ageDays: 50.9, palette: 'holly',
    description: 'Festive stars and hearts for gift tags and holiday planners. Includes a 300 dpi PNG sheet sized for print-then-cut machines. Print, cut and stick on everything this December.',
  },
];

type DemoBundle = {
  title: string;
  category: string;
  subcategory: string | null;
  priceCents: number;
  tags: TagName[];
  ageDays: number;
  palette: PaletteName;
  products: string[];
  description: string;
};

export const DEMO_BUNDLES: DemoBundle[] = [
  {
    title: 'Ultimate Tumbler Wrap Bundle', category: 'Sublimation Designs', subcategory: 'Tumblers', priceCents: 1500, tags: ['boho', 'western', 'floral'], ageDays: 2.1, palette: 'night',
    products: ['Sunflower Leopard Tumbler Wrap 20oz', 'Retro Checkered Daisy Tumbler Wrap', 'Western Cowhide Turquoise Tumbler Wrap', 'Teacher Apple Pencil Tumbler Wrap 20oz'],
    description: 'Four best-selling 20oz tumbler wraps in one download, from sunflowers to cowhide. Every wrap comes as a 300 dpi PNG with its own print guide. Save 40% compared with buying them one by one.',
  },
  {
    title: 'Nursery Wall Art Bundle', category: 'Printable Wall Art', subcategory: 'Nursery', priceCents: 2200, tags: ['nursery', 'kids', 'boho'], ageDays: 10.6, palette: 'cream',
    products: ['Boho Rainbow Nursery Print Set', 'Safari Animals Nursery Wall Art', 'Hello Little One Nursery Print', 'Moon and Stars Nursery Printable'],
    description: 'Four coordinating nursery prints that build a soft, calm gallery wall. Each print is a 300 dpi PNG with a PDF guide to every frame size. A thoughtful baby shower gift at a bundle price.',
  },
  {
    title: 'Spooky Season Halloween Bundle', category: 'Clip Art', subcategory: 'Seasonal', priceCents: 1000, tags: ['halloween', 'cute'], ageDays: 20.2, palette: 'pumpkin',
    products: ['Spooky Season Ghost Shirt Design', 'Halloween Pumpkin Patch Clip Art', 'Halloween Kawaii Sticker Sheet'],
    description: 'Everything for a spooky-cute October: a shirt design, pumpkin clip art and a sticker sheet. All files are 300 dpi PNGs ready for sublimation and print-then-cut. Grab the set and save over a third.',
  },
];

// ---------------------------------------------------------------------------
// Deterministic artwork (SVG in a 1000-unit square, rendered by sharp)
// ---------------------------------------------------------------------------

const SANS = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
const SERIF = 'DejaVu Serif, Liberation Serif, Georgia, serif';

/** Same title, same artwork: FNV-1a seeds a small PRNG. */
function rngFor(text: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: () => number, min: number, max: number) => min + rng() * (max - min);
const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const r1 = (n: number) => Math.round(n * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The line breaks that let the title be largest within `width` and `maxLines`. */
function fitText(text: string, width: number, maxLines: number, maxFont: number, charWidth = 0.62) {
  let best = { lines: [text], fontSize: Math.min(maxFont, width / (text.length * charWidth)) };
  for (let chars = 8; chars <= 32; chars++) {
    const lines = wrapWords(text, chars);
    if (lines.length > maxLines) continue;
    const longest = Math.max(...lines.map((l) => l.length));
    const fontSize = Math.min(maxFont, width / (longest * charWidth));
    if (fontSize > best.fontSize) best = { lines, fontSize };
  }
  return { lines: best.lines, fontSize: Math.floor(best.fontSize) };
}

type TextLayout = { lines: string[]; fontSize: number; height: number; serif: boolean };

function layoutText(text: string, width: number, maxLines: number, maxFont: number, serif = false): TextLayout {
  const { lines, fontSize } = fitText(text, width, maxLines, maxFont, serif ? 0.58 : 0.62);
  return { lines, fontSize, height: lines.length * fontSize * 1.15, serif };
}

/** Centred lines starting at `top`. */
function textSvg(layout: TextLayout, cx: number, top: number, fill: string, italic = false): string {
  const tspans = layout.lines
    .map((line, i) => `<tspan x="${cx}" y="${r1(top + layout.fontSize * 0.95 + i * layout.fontSize * 1.15)}">${escapeXml(line)}</tspan>`)
    .join('');
  const style = italic ? ' font-style="italic"' : '';
  return `<text text-anchor="middle" font-family="${layout.serif ? SERIF : SANS}" font-weight="700"${style} font-size="${layout.fontSize}" fill="${fill}">${tspans}</text>`;
}

function studioMark(y: number, p: Palette): string {
  return `<text x="500" y="${r1(y)}" text-anchor="middle" font-family="${SANS}" font-size="24" letter-spacing="6" fill="${p.ink}" fill-opacity="0.7">PIXEL PRESS STUDIO</text>`;
}

/** Title on a rounded card with the studio name beneath, placed by its top or bottom edge. */
function titleCard(title: string, p: Palette, at: { top: number } | { bottom: number }, options: { width?: number; maxLines?: number } = {}): string {
  const width = options.width ?? 800;
  const layout = layoutText(title, width - 90, options.maxLines ?? 2, 84);
  const height = layout.height + 110;
  const top = 'top' in at ? at.top : at.bottom - height;
  return `<rect x="${(1000 - width) / 2}" y="${r1(top)}" width="${width}" height="${r1(height)}" rx="36" fill="${p.panel}" fill-opacity="0.9"/>
${textSvg(layout, 500, top + 30, p.ink)}
${studioMark(top + layout.height + 76, p)}`;
}

function backgroundDefs(p: Palette): string {
  // userSpaceOnUse lets shapes painted with url(#bg) blend seamlessly into the background.
  return `<linearGradient id="bg" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="1000" y2="1000"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`;
}

const background = '<rect width="1000" height="1000" fill="url(#bg)"/>';

function flower(cx: number, cy: number, r: number, petals: number, petal: string, centre: string, rotate = 0, outline?: string): string {
  const shapes = Array.from({ length: petals }, (_, i) => {
    const angle = r1((360 / petals) * i);
    return `<ellipse cx="0" cy="${r1(-r * 0.55)}" rx="${r1(r * 0.27)}" ry="${r1(r * 0.5)}" transform="rotate(${angle})"/>`;
  }).join('');
  const stroke = outline ? ` stroke="${outline}" stroke-width="${r1(r * 0.04)}"` : '';
  return `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${r1(rotate)})"><g fill="${petal}"${stroke}>${shapes}</g><circle r="${r1(r * 0.28)}" fill="${centre}"/></g>`;
}

function leaf(cx: number, cy: number, length: number, angle: number, colour: string): string {
  return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(length / 2)}" ry="${r1(length / 6)}" fill="${colour}" transform="rotate(${r1(angle)} ${r1(cx)} ${r1(cy)})"/>`;
}

function star(cx: number, cy: number, r: number, colour: string, opacity = 1): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${r1(cx + radius * Math.cos(angle))},${r1(cy + radius * Math.sin(angle))}`;
  }).join(' ');
  return `<polygon points="${points}" fill="${colour}" fill-opacity="${opacity}"/>`;
}

function heart(cx: number, cy: number, s: number, colour: string): string {
  return `<path transform="translate(${r1(cx)} ${r1(cy)}) scale(${r1(s)})" d="M0 -0.25 C -0.45 -0.9 -1.2 -0.2 0 0.75 C 1.2 -0.2 0.45 -0.9 0 -0.25 Z" fill="${colour}"/>`;
}

function smiley(cx: number, cy: number, r: number, face: string, ink: string): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${face}"/>
<circle cx="${r1(cx - r * 0.33)}" cy="${r1(cy - r * 0.2)}" r="${r1(r * 0.11)}" fill="${ink}"/><circle cx="${r1(cx + r * 0.33)}" cy="${r1(cy - r * 0.2)}" r="${r1(r * 0.11)}" fill="${ink}"/>
<path d="M ${r1(cx - r * 0.5)} ${r1(cy + r * 0.15)} Q ${cx} ${r1(cy + r * 0.75)} ${r1(cx + r * 0.5)} ${r1(cy + r * 0.15)}" stroke="${ink}" stroke-width="${r1(r * 0.1)}" fill="none" stroke-linecap="round"/>`;
}

function scatter(rng: () => number, count: number, draw: (x: number, y: number, i: number) => string): string {
  return Array.from({ length: count }, (_, i) => draw(between(rng, 30, 970), between(rng, 30, 970), i)).join('');
}

/** A design is background + artwork + label; clip art also ships the artwork alone, on transparency. */
type Design = { defs: string; background: string; art: string; label: string };

function wrapDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const spots = scatter(rng, 34, (x, y) => {
    const rx = between(rng, 14, 30);
    return `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(rx)}" ry="${r1(rx * 0.75)}" fill="none" stroke="${a2}" stroke-opacity="0.45" stroke-width="9" transform="rotate(${r1(between(rng, 0, 180))} ${r1(x)} ${r1(y)})"/>`;
  });
  const flowers = Array.from({ length: 7 }, (_, i) => {
    const x = (i % 4) * 300 + between(rng, 20, 140);
    const y = i < 4 ? between(rng, 60, 220) : between(rng, 780, 940);
    return flower(x, y, between(rng, 70, 120), 10 + (i % 3), a0, a2, between(rng, 0, 40));
  }).join('');
  return {
    defs: `${backgroundDefs(p)}<pattern id="stripes" width="70" height="70" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="35" height="70" fill="${a1}" fill-opacity="0.16"/></pattern>`,
    background: `${background}<rect width="1000" height="1000" fill="url(#stripes)"/>${spots}`,
    art: flowers,
    label: titleCard(title, p, { top: 330 }, { maxLines: 3 }),
  };
}

function shirtDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const stripes = [0, 1, 2, 3, 4].map((i) => `<rect x="200" y="${430 + i * 44}" width="600" height="${8 + i * 5}" fill="url(#bg)"/>`).join('');
  const sparkles = scatter(rng, 9, (x, y) => star(x, Math.min(y, 620), between(rng, 10, 24), a2, 0.8));
  const text = layoutText(title, 820, 2, 92);
  return {
    defs: `${backgroundDefs(p)}<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a0}"/><stop offset="1" stop-color="${a1}"/></linearGradient>`,
    background,
    art: `${sparkles}<circle cx="500" cy="430" r="250" fill="url(#sun)"/>${stripes}<rect x="180" y="640" width="640" height="10" rx="5" fill="${p.ink}" fill-opacity="0.5"/>`,
    label: `${textSvg(text, 500, 690, p.ink)}${studioMark(690 + text.height + 50, p)}`,
  };
}

function mugDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const dots = Array.from({ length: 64 }, (_, i) => {
    const x = (i % 8) * 125 + 62 + between(rng, -8, 8);
    const y = Math.floor(i / 8) * 95 + 170 + between(rng, -8, 8);
    return y < 840 ? `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(between(rng, 10, 18))}" fill="#ffffff" fill-opacity="0.28"/>` : '';
  }).join('');
  const steam = [440, 500, 560].map((x) => `<path d="M ${x} 300 q -25 -40 0 -80 q 25 -40 0 -80" stroke="${p.panel}" stroke-width="14" fill="none" stroke-linecap="round" stroke-opacity="0.85"/>`).join('');
  return {
    defs: backgroundDefs(p),
    background: `${background}<rect width="1000" height="130" fill="${a0}"/><rect y="870" width="1000" height="130" fill="${a1}"/>${dots}`,
    art: `${steam}<rect x="380" y="310" width="240" height="200" rx="30" fill="${a2}"/><circle cx="640" cy="400" r="55" fill="none" stroke="${a2}" stroke-width="28"/>${heart(500, 405, 55, p.panel)}`,
    label: titleCard(title, p, { top: 560 }),
  };
}

function flowerDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const leaves = Array.from({ length: 8 }, (_, i) => leaf(500 + Math.cos(i) * between(rng, 150, 260), 380 + Math.sin(i * 1.7) * 150, between(rng, 140, 200), i * 45 + between(rng, -15, 15), a1)).join('');
  const blooms = [
    flower(370, 200, 110, 8, a0, a1, between(rng, 0, 30), p.panel),
    flower(640, 210, 115, 8, a0, a1, between(rng, 0, 30), p.panel),
    flower(270, 420, 150, 9, a2, a0, between(rng, 0, 30), p.panel),
    flower(730, 420, 150, 9, a2, a0, between(rng, 0, 30), p.panel),
    flower(500, 360, 200, 12, a0, a2, between(rng, 0, 30), p.panel),
  ].join('');
  const petalsFalling = scatter(rng, 12, (x, y) => (y > 600 ? '' : `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="12" ry="22" fill="${a0}" fill-opacity="0.35" transform="rotate(${r1(between(rng, 0, 180))} ${r1(x)} ${r1(y)})"/>`));
  return { defs: backgroundDefs(p), background: `${background}${petalsFalling}`, art: `${leaves}${blooms}`, label: titleCard(title, p, { bottom: 965 }) };
}

function animalDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const kind = /cat|kawaii/i.test(title) ? 'cat' : /cow/i.test(title) ? 'cow' : 'bear';
  const fur = kind === 'cow' ? a1 : kind === 'cat' ? p.panel : a2;
  const ears =
    kind === 'cat'
      ? `<polygon points="300,250 350,60 460,190" fill="${fur}"/><polygon points="700,250 650,60 540,190" fill="${fur}"/><polygon points="335,220 360,120 420,190" fill="${a1}"/><polygon points="665,220 640,120 580,190" fill="${a1}"/>`
      : kind === 'cow'
        ? `<path d="M 330 200 Q 220 160 240 60" stroke="${p.panel}" stroke-width="34" fill="none" stroke-linecap="round"/><path d="M 670 200 Q 780 160 760 60" stroke="${p.panel}" stroke-width="34" fill="none" stroke-linecap="round"/><ellipse cx="250" cy="290" rx="90" ry="45" fill="${fur}"/><ellipse cx="750" cy="290" rx="90" ry="45" fill="${fur}"/>`
        : `<circle cx="320" cy="190" r="85" fill="${fur}"/><circle cx="680" cy="190" r="85" fill="${fur}"/><circle cx="320" cy="190" r="45" fill="${a1}"/><circle cx="680" cy="190" r="45" fill="${a1}"/>`;
  const fringe = kind === 'cow' ? `<path d="M 340 230 Q 420 330 500 240 Q 580 330 660 230 Q 600 170 500 175 Q 400 170 340 230 Z" fill="${a0}"/>` : '';
  const face = `${ears}<circle cx="500" cy="360" r="230" fill="${fur}"/>${fringe}
<circle cx="415" cy="350" r="30" fill="#2b2118"/><circle cx="585" cy="350" r="30" fill="#2b2118"/><circle cx="425" cy="338" r="10" fill="#ffffff"/><circle cx="595" cy="338" r="10" fill="#ffffff"/>
<ellipse cx="500" cy="445" rx="${kind === 'cow' ? 110 : 70}" ry="${kind === 'cow' ? 70 : 48}" fill="${kind === 'cow' ? a0 : p.panel}" fill-opacity="0.95"/><ellipse cx="500" cy="425" rx="28" ry="20" fill="#2b2118"/>
<circle cx="355" cy="445" r="34" fill="${a0}" fill-opacity="0.45"/><circle cx="645" cy="445" r="34" fill="${a0}" fill-opacity="0.45"/>`;
  const confetti = scatter(rng, 14, (x, y) => (y > 640 ? '' : star(x, y, between(rng, 10, 20), p.panel, 0.6)));
  return { defs: backgroundDefs(p), background: `${background}${confetti}`, art: face, label: titleCard(title, p, { bottom: 965 }) };
}

function seasonalEmblem(title: string, p: Palette): string {
  const [a0, a1, a2] = p.accents;
  if (/christmas|gnome/i.test(title)) {
    const tiers = [0, 1, 2].map((i) => `<polygon points="500,${120 + i * 110} ${330 - i * 40},${330 + i * 110} ${670 + i * 40},${330 + i * 110}" fill="${a1}"/>`).join('');
    const baubles = [[430, 330], [570, 380], [460, 470], [600, 520], [400, 560]].map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="18" fill="${i % 2 ? a2 : a0}"/>`).join('');
    return `${tiers}<rect x="470" y="560" width="60" height="60" fill="#6b4226"/>${baubles}${star(500, 115, 55, a2)}`;
  }
  if (/pumpkin|halloween/i.test(title)) {
    const lobes = [-120, -60, 0, 60, 120].map((dx) => `<ellipse cx="${500 + dx}" cy="420" rx="${dx === 0 ? 120 : 110}" ry="170" fill="${a1}" stroke="${p.to}" stroke-width="6"/>`).join('');
    return `${lobes}<path d="M 500 260 q -10 -70 40 -100" stroke="${a2}" stroke-width="30" fill="none" stroke-linecap="round"/>${leaf(580, 200, 110, -20, a2)}`;
  }
  const egg = (cx: number, fill: string, band: string) =>
    `<ellipse cx="${cx}" cy="400" rx="125" ry="165" fill="${fill}"/><path d="M ${cx - 122} 390 l 40 -35 l 40 35 l 40 -35 l 40 35 l 40 -35 l 40 35" stroke="${band}" stroke-width="16" fill="none" stroke-linejoin="round"/><circle cx="${cx}" cy="480" r="22" fill="${band}"/>`;
  return `${egg(360, a0, p.panel)}${egg(640, a2, a1)}${egg(500, a1, a2)}`;
}

function seasonalDesign(title: string, p: Palette, rng: () => number): Design {
  const stars = scatter(rng, 22, (x, y) => star(x, y, between(rng, 8, 22), p.accents[0], between(rng, 0.35, 0.8)));
  return { defs: backgroundDefs(p), background: `${background}${stars}`, art: seasonalEmblem(title, p), label: titleCard(title, p, { bottom: 965 }) };
}

function cloud(cx: number, cy: number, s: number): string {
  return `<g fill="#ffffff" fill-opacity="0.95"><circle cx="${cx - 60 * s}" cy="${cy}" r="${45 * s}"/><circle cx="${cx}" cy="${cy - 25 * s}" r="${62 * s}"/><circle cx="${cx + 62 * s}" cy="${cy}" r="${45 * s}"/><rect x="${cx - 60 * s}" y="${cy}" width="${122 * s}" height="${45 * s}"/></g>`;
}

function nurseryDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const stars = scatter(rng, 16, (x, y) => (y > 620 ? '' : star(x, y, between(rng, 8, 18), a2, 0.6)));
  if (/moon/i.test(title)) {
    const moon = `<circle cx="500" cy="340" r="210" fill="${a0}"/><circle cx="590" cy="290" r="190" fill="url(#bg)"/>`;
    return { defs: backgroundDefs(p), background: `${background}${stars}`, art: `${moon}${star(690, 470, 40, a0)}${star(760, 230, 26, a0)}`, label: titleCard(title, p, { bottom: 965 }) };
  }
  const colours = [a1, a0, a2, p.panel];
  const arcs = colours.map((c, i) => {
    const r = 300 - i * 55;
    return `<path d="M ${500 - r} 560 A ${r} ${r} 0 0 1 ${500 + r} 560" stroke="${c}" stroke-width="50" fill="none" stroke-linecap="round"/>`;
  }).join('');
  return { defs: backgroundDefs(p), background: `${background}${stars}`, art: `${arcs}${cloud(230, 560, 1)}${cloud(770, 560, 1)}`, label: titleCard(title, p, { bottom: 965 }) };
}

function quoteDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const quote = title.replace(/\s+(Quote Print|Printable|Sign|Print Set|Print)$/i, '');
  const text = layoutText(quote, 720, 3, 96, true);
  // Centred between the quote mark and the sprigs, whatever the number of lines.
  const top = 490 - text.height / 2;
  const sprigs = Array.from({ length: 5 }, (_, i) => leaf(380 + i * 60, 830 + between(rng, -10, 10), 90, -60 + i * 30, i % 2 ? a1 : a0)).join('');
  return {
    defs: backgroundDefs(p),
    background: `${background}<rect x="60" y="60" width="880" height="880" rx="20" fill="${p.panel}" fill-opacity="0.75"/><rect x="90" y="90" width="820" height="820" rx="14" fill="none" stroke="${a1}" stroke-width="6"/>`,
    art: `<text x="150" y="330" font-family="${SERIF}" font-size="260" fill="${a0}" fill-opacity="0.55">&#8220;</text>${sprigs}${flower(500, 810, 60, 8, a2, a1)}`,
    label: `${textSvg(text, 500, top, p.ink, true)}${studioMark(720, p)}`,
  };
}

function stickerDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const fills = [a0, a1, a2];
  const stickers = Array.from({ length: 9 }, (_, i) => {
    const cx = 200 + (i % 3) * 300;
    const cy = 440 + Math.floor(i / 3) * 200;
    const fill = fills[(i + Math.floor(i / 3)) % 3];
    const glyph = pick(rng, [
      () => heart(cx, cy, 50, '#ffffff'),
      () => star(cx, cy, 55, '#ffffff'),
      () => smiley(cx, cy, 50, '#ffffff', fill),
      () => flower(cx, cy, 70, 8, '#ffffff', p.accents[(i + 1) % 3]),
    ])();
    return `<circle cx="${cx + 6}" cy="${cy + 9}" r="90" fill="#000000" fill-opacity="0.12"/><circle cx="${cx}" cy="${cy}" r="90" fill="#ffffff"/><circle cx="${cx}" cy="${cy}" r="77" fill="${fill}"/>${glyph}`;
  }).join('');
  return { defs: backgroundDefs(p), background, art: stickers, label: titleCard(title, p, { top: 30 }, { width: 860 }) };
}

const DESIGNERS: Record<Motif, (title: string, p: Palette, rng: () => number) => Design> = {
  wrap: wrapDesign,
  shirt: shirtDesign,
  mug: mugDesign,
  flower: flowerDesign,
  animal: animalDesign,
  seasonal: seasonalDesign,
  nursery: nurseryDesign,
  quote: quoteDesign,
  sticker: stickerDesign,
};

const SUBCATEGORY_MOTIF: Record<string, Motif> = {
  Tumblers: 'wrap', 'T-Shirts': 'shirt', Mugs: 'mug', Florals: 'flower', Animals: 'animal',
  Seasonal: 'seasonal', Nursery: 'nursery', Quotes: 'quote',
};

function motifOf(item: { category: string; subcategory: string | null }): Motif {
  if (item.subcategory && SUBCATEGORY_MOTIF[item.subcategory]) return SUBCATEGORY_MOTIF[item.subcategory];
  return DEMO_CATEGORIES.find((c) => c.name === item.category)?.motif ?? 'sticker';
}

function svgDocument(pixels: { width: number; height: number }, viewBox: string, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels.width}" height="${pixels.height}" viewBox="${viewBox}"><defs>${defs}</defs>${body}</svg>`;
}

function designSvg(design: Design, size: number): string {
  return svgDocument({ width: size, height: size }, '0 0 1000 1000', design.defs, `${design.background}${design.art}${design.label}`);
}

function transparentSvg(design: Design, size: number): string {
  return svgDocument({ width: size, height: size }, '0 0 1000 1000', design.defs, design.art);
}

// ---------------------------------------------------------------------------
// Covers for bundles and categories: product artwork as framed tiles on a
// designed background, the way real shops show what is inside
// ---------------------------------------------------------------------------

type Tile = { x: number; y: number };

function tileFrames(tiles: Tile[], size: number): string {
  return tiles
    .map(({ x, y }) => `<rect x="${x - 6}" y="${y - 3}" width="${size + 24}" height="${size + 24}" rx="10" fill="#000000" fill-opacity="0.18"/><rect x="${x - 12}" y="${y - 12}" width="${size + 24}" height="${size + 24}" rx="10" fill="#ffffff"/>`)
    .join('');
}

/** Renders the background SVG (drawn in units where 1000 = `width` px) and drops the designs into its tiles. */
async function collage(svg: string, width: number, tiles: Tile[], tileUnits: number, designs: Buffer[]): Promise<Buffer> {
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
  return svgDocument({ width: size, height: size }, '0 0 1000 1000', backgroundDefs(p), `${background}${stars}${ribbon}${tileFrames(tiles, BUNDLE_TILE)}${textSvg(title, 500, top, p.ink)}`);
}

function bundleCover(bundle: DemoBundle, designs: Buffer[]): Promise<Buffer> {
  const tiles = bundleTiles(designs.length);
  return collage(bundleSvg(bundle, DESIGN_SIZE, tiles), DESIGN_SIZE, tiles, BUNDLE_TILE, designs);
}

const CATEGORY_WIDTH = 1000;
const CATEGORY_HEIGHT = 750;
const CATEGORY_TILE = 270;
const CATEGORY_TILES: Tile[] = [{ x: 65 }, { x: 365 }, { x: 665 }].map(({ x }) => ({ x, y: 70 }));

function categorySvg(category: DemoCategory): string {
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
function categoryShowcase(category: DemoCategory): string[] {
  const products = DEMO_PRODUCTS.filter((p) => p.category === category.name);
  const firstOfEach = [...new Map(products.map((p) => [p.subcategory, p.title])).values()];
  const rest = products.map((p) => p.title).filter((t) => !firstOfEach.includes(t));
  return [...firstOfEach, ...rest].slice(0, CATEGORY_TILES.length);
}

// ---------------------------------------------------------------------------
// Printable PDFs, written by hand: one A4 page of Helvetica text
// ---------------------------------------------------------------------------

function pdfString(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[·•]/g, '-').replace(/[^\x20-\x7e]/g, '');
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

function printGuidePdf(title: string): Buffer {
  return buildPdf(title, 'Print guide for 20oz skinny straight tumblers', [
    'Scale the design to 9.3 x 8.2 in for a 20oz skinny straight tumbler.',
    'Print on sublimation paper with your printer set to high quality.',
    'Mirror the image before printing. Trim leaving a 2 mm overlap.',
    'Wrap tightly with heat tape and shrink wrap or use a tumbler press.',
    'Press at 180 C / 360 F for 60 to 70 seconds, rotating halfway.',
    'Let the tumbler cool fully before removing the paper.',
  ]);
}

function printSizesPdf(title: string): Buffer {
  return buildPdf(title, 'Included print sizes and tips', [
    'Ratio 4:5 - 8 x 10 in, 16 x 20 in',
    'Ratio 11:14 - 11 x 14 in',
    'ISO sizes - A5, A4, A3 (scale the PNG to fit, no cropping needed)',
    'Resolution: 300 dpi, sRGB colour.',
    'Best printed on 250 gsm matte card or fine art paper.',
    'Frames and mats are not included.',
  ]);
}

function whatsInsidePdf(bundle: DemoBundle): Buffer {
  return buildPdf(bundle.title, `What's inside: ${bundle.products.length} designs`, [
    ...bundle.products.map((title, i) => `${i + 1}. ${title}`),
    '',
    'Every design downloads on its own, in full 300 dpi resolution,',
    'with the same files as when bought separately.',
  ]);
}

// ---------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------

/** cuid2-shaped (a letter, then base36) from 128 random bits: unguessable and accepted by the API's id checks. */
function newId(): string {
  return `c${BigInt(`0x${randomBytes(16).toString('hex')}`).toString(36).padStart(25, '0')}`;
}

function fileSlug(title: string): string {
  return title.replace(/&/g, 'and').replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').join('-');
}

type PlannedFile = { storageKey: string; originalFilename: string; contentType: string; sizeBytes: number; position: number };
type ItemResult = { id: string; files: PlannedFile[]; design: Buffer | null };

async function uploadFile(productId: string, position: number, originalFilename: string, body: Buffer, contentType: string): Promise<PlannedFile> {
  const ext = originalFilename.slice(originalFilename.lastIndexOf('.') + 1);
  const storageKey = `files/${productId}/${randomUUID()}.${ext}`;
  await putObject('private', storageKey, body, contentType);
  return { storageKey, originalFilename, contentType, sizeBytes: body.length, position };
}

async function uploadImages(id: string, design: Buffer): Promise<void> {
  const [preview, thumbnail] = await Promise.all([makePreview(design), makeThumbnail(design)]);
  await Promise.all([putObject('public', `previews/${id}.webp`, preview, 'image/webp'), putObject('public', `thumbs/${id}.webp`, thumbnail, 'image/webp')]);
}

function extraFile(product: DemoProduct, design: Design): Promise<{ name: string; body: Buffer; type: string }> | null {
  const slug = fileSlug(product.title);
  switch (product.extra) {
    case 'print-guide':
      return Promise.resolve({ name: `${slug}-Print-Guide.pdf`, body: printGuidePdf(product.title), type: 'application/pdf' });
    case 'print-sizes':
      return Promise.resolve({ name: `${slug}-Print-Sizes.pdf`, body: printSizesPdf(product.title), type: 'application/pdf' });
    case 'transparent':
      return renderTrustedSvg(transparentSvg(design, TRANSPARENT_SIZE), { compressionLevel: PNG_COMPRESSION, dpi: PRINT_DPI }).then((body) => ({ name: `${slug}-Transparent.png`, body, type: 'image/png' }));
    default:
      return null;
  }
}

async function buildProduct(product: DemoProduct): Promise<ItemResult> {
  const id = newId();
  const design = DESIGNERS[motifOf(product)](product.title, PALETTES[product.palette], rngFor(product.title));
  const png = await renderTrustedSvg(designSvg(design, DESIGN_SIZE), { compressionLevel: PNG_COMPRESSION, dpi: PRINT_DPI, opaque: true });
  const extra = await extraFile(product, design);
  const [main, second] = await Promise.all([
    uploadFile(id, 0, `${fileSlug(product.title)}.png`, png, 'image/png'),
    extra ? uploadFile(id, 1, extra.name, extra.body, extra.type) : null,
    uploadImages(id, png),
  ]);
  return { id, files: second ? [main, second] : [main], design: png };
}

async function buildBundle(bundle: DemoBundle, designs: Map<string, Buffer>): Promise<ItemResult> {
  const id = newId();
  const cover = await bundleCover(bundle, bundle.products.map((title) => designs.get(title) as Buffer));
  const [sheet] = await Promise.all([
    uploadFile(id, 0, `${fileSlug(bundle.title)}-Whats-Inside.pdf`, whatsInsidePdf(bundle), 'application/pdf'),
    uploadImages(id, cover),
  ]);
  return { id, files: [sheet], design: null };
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
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
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

class AlreadySeeded extends Error {}

type Uploaded = {
  categories: { id: string; displayImagePath: string }[];
  products: ItemResult[];
  bundles: ItemResult[];
};

async function uploadCatalogue(): Promise<Uploaded> {
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

/** Category ids by name; a category that already exists keeps its id and gains our subcategories. */
async function writeCategories(tx: Prisma.TransactionClient, uploaded: Uploaded['categories']): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [i, category] of DEMO_CATEGORIES.entries()) {
    const existing = await tx.category.findUnique({ where: { name: category.name } });
    if (existing) {
      const subcategories = [...new Set([...existing.subcategories, ...category.subcategories])];
      await tx.category.update({
        where: { id: existing.id },
        data: { subcategories, displayImagePath: existing.displayImagePath ?? uploaded[i].displayImagePath },
      });
      ids.set(category.name, existing.id);
    } else {
      await tx.category.create({ data: { id: uploaded[i].id, name: category.name, subcategories: category.subcategories, displayImagePath: uploaded[i].displayImagePath } });
      ids.set(category.name, uploaded[i].id);
    }
  }
  return ids;
}

function itemRow(
  id: string,
  item: { title: string; description: string; priceCents: number; category: string; subcategory: string | null; tags: string[]; ageDays: number },
  categoryIds: Map<string, string>,
  now: number,
) {
  return {
    id,
    title: item.title,
    description: item.description,
    priceCents: item.priceCents,
    imagePath: `/media/previews/${id}.webp`,
    thumbnailPath: `/media/thumbs/${id}.webp`,
    categoryId: categoryIds.get(item.category) ?? null,
    subcategory: item.subcategory,
    tags: item.tags,
    createdAt: new Date(now - Math.round(item.ageDays * DAY_MS)),
  };
}

function saleFields(product: DemoProduct, now: number) {
  if (product.salePriceCents === undefined) return {};
  return { onSale: true, salePriceCents: product.salePriceCents, saleStart: new Date(now - 2 * DAY_MS), saleEnd: new Date(now + 14 * DAY_MS) };
}

async function writeCatalogue(uploaded: Uploaded, now: number): Promise<void> {
  await db().$transaction(
    async (tx) => {
      // Claiming the marker inside the transaction makes concurrent seeders safe: one commits, the others roll back.
      const claimed = await tx.setting.createMany({ data: [{ key: SEEDED_KEY, value: new Date(now).toISOString() }], skipDuplicates: true });
      if (claimed.count === 0) throw new AlreadySeeded();
      await tx.setting.createMany({ data: [{ key: BANNER_KEY, value: DEFAULT_BANNER }], skipDuplicates: true });
      await tx.tag.createMany({ data: DEMO_TAGS.map((name) => ({ name })), skipDuplicates: true });
      const categoryIds = await writeCategories(tx, uploaded.categories);
      await tx.product.createMany({
        data: [
          ...DEMO_PRODUCTS.map((p, i) => ({ ...itemRow(uploaded.products[i].id, p, categoryIds, now), ...saleFields(p, now) })),
          ...DEMO_BUNDLES.map((b, i) => ({ ...itemRow(uploaded.bundles[i].id, b, categoryIds, now), isBundle: true })),
        ],
      });
      const items = [...uploaded.products, ...uploaded.bundles];
      await tx.productFile.createMany({ data: items.flatMap((item) => item.files.map((f) => ({ ...f, productId: item.id }))) });
      const productIds = new Map(DEMO_PRODUCTS.map((p, i) => [p.title, uploaded.products[i].id]));
      await tx.bundleItem.createMany({
        data: DEMO_BUNDLES.flatMap((b, i) => b.products.map((title, position) => ({ bundleId: uploaded.bundles[i].id, productId: productIds.get(title) as string, position }))),
      });
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
}

/** Created once per database and never changed: lets other code tell databases apart. */
async function ensureInstanceId(): Promise<void> {
  await db().setting.createMany({ data: [{ key: INSTANCE_ID_KEY, value: randomUUID() }], skipDuplicates: true });
}

function selectDatabase(databaseUrl: string | undefined): void {
  if (!databaseUrl) return;
  process.env.DATABASE_URL = databaseUrl;
  // env() is read once per process; if something read it earlier, db() would silently use another database.
  if (env().DATABASE_URL !== databaseUrl.trim()) {
    throw new Error('seedDemoCatalogue: the environment was read before the database URL was given; pass it before anything else touches the database');
  }
}

/**
 * Seeds the demo catalogue once per database. Returns `{ seeded: false }` when
 * the `demo_seeded` marker already exists (or another seeder won the race).
 */
export async function seedDemoCatalogue(databaseUrl?: string): Promise<{ seeded: boolean }> {
  selectDatabase(databaseUrl);
  await ensureBuckets();
  await ensureInstanceId();
  if (await db().setting.findUnique({ where: { key: SEEDED_KEY } })) return { seeded: false };

  const now = Date.now();
  const uploaded = await uploadCatalogue();
  try {
    await writeCatalogue(uploaded, now);
  } catch (error) {
    if (error instanceof AlreadySeeded) return { seeded: false };
    throw error;
  }
  return { seeded: true };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  seedDemoCatalogue()
    .then(({ seeded }) => console.log(seeded ? `Seeded the demo catalogue in ${Math.round(performance.now() - started)} ms` : 'The demo catalogue was already seeded'))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => db().$disconnect());
}
