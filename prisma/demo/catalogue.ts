// The demo catalogue's content: tags, palettes, categories, products and
// bundles of "Pixel Press Studio". Data only; prisma/demo/designs.ts draws it.

export const DEMO_TAGS = [
  'animals',
  'boho',
  'christmas',
  'coffee',
  'cute',
  'easter',
  'floral',
  'funny',
  'halloween',
  'kids',
  'nursery',
  'quotes',
  'retro',
  'summer',
  'teacher',
  'western',
] as const;

type TagName = (typeof DEMO_TAGS)[number];
type PaletteName = keyof typeof PALETTES;
export type Motif = 'wrap' | 'shirt' | 'mug' | 'flower' | 'animal' | 'seasonal' | 'nursery' | 'quote' | 'sticker';
/** The second file some products carry besides the design PNG. */
type Extra = 'print-guide' | 'print-sizes' | 'transparent';

export type Palette = { from: string; to: string; accents: [string, string, string]; ink: string; panel: string };

export const PALETTES = {
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

export type DemoCategory = { name: string; subcategories: string[]; palette: PaletteName; motif: Motif };

export const DEMO_CATEGORIES: DemoCategory[] = [
  { name: 'Sublimation Designs', subcategories: ['Tumblers', 'T-Shirts', 'Mugs'], palette: 'sunset', motif: 'wrap' },
  { name: 'Clip Art', subcategories: ['Florals', 'Animals', 'Seasonal'], palette: 'mint', motif: 'flower' },
  { name: 'Printable Wall Art', subcategories: ['Nursery', 'Quotes'], palette: 'peach', motif: 'nursery' },
  { name: 'Stickers', subcategories: [], palette: 'candy', motif: 'sticker' },
];

export type DemoProduct = {
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
    ...TUMBLER,
    title: 'Sunflower Leopard Tumbler Wrap 20oz',
    priceCents: 650,
    salePriceCents: 455,
    tags: ['floral', 'boho', 'summer'],
    ageDays: 1.2,
    palette: 'sunset',
    description:
      'A seamless sunflower and leopard print wrap sized for 20oz skinny straight tumblers. You get a 300 dpi PNG plus a PDF print guide with press times and sizing. Perfect for sublimation or waterslide projects.',
  },
  {
    ...TUMBLER,
    title: 'Retro Checkered Daisy Tumbler Wrap',
    priceCents: 600,
    tags: ['retro', 'floral'],
    ageDays: 14.5,
    palette: 'lavender',
    description:
      'Groovy checkerboard and daisy design that wraps a 20oz skinny tumbler without visible seams. Includes a 300 dpi PNG and a printable PDF guide. Licensed for personal use and small shop sales up to 200 items.',
  },
  {
    ...TUMBLER,
    title: 'Western Cowhide Turquoise Tumbler Wrap',
    priceCents: 700,
    tags: ['western', 'boho'],
    ageDays: 27.3,
    palette: 'turquoise',
    description:
      'Cowhide texture with turquoise stone accents for a modern western look. Delivered as a 300 dpi PNG sized for 20oz tumblers, with a PDF print guide. Works for sublimation, UV DTF and laser printers.',
  },
  {
    ...TUMBLER,
    title: 'Teacher Apple Pencil Tumbler Wrap 20oz',
    priceCents: 550,
    tags: ['teacher', 'cute'],
    ageDays: 41.8,
    palette: 'cream',
    description:
      'Bright apples, pencils and rulers for the best end-of-year teacher gift. You receive a 300 dpi PNG and a PDF print guide for 20oz skinny tumblers. Add a name with any design app before printing.',
  },
  {
    ...SHIRT,
    title: 'Retro Sunset Mama Shirt Design',
    priceCents: 450,
    tags: ['retro', 'summer'],
    ageDays: 2.6,
    palette: 'sunset',
    description:
      'A seventies-style striped sunset badge made for Mama tees, totes and hoodies. One high-resolution 300 dpi PNG, ready to scale to any shirt size. Print with sublimation, DTF or screen transfers.',
  },
  {
    ...SHIRT,
    title: 'Coffee Before Talkie Shirt Design',
    priceCents: 400,
    tags: ['coffee', 'funny'],
    ageDays: 19.1,
    palette: 'earth',
    description:
      'A cheeky caffeine slogan for morning people who are not morning people. Includes a high-resolution 300 dpi PNG for adult and youth tees. Great on shirts, aprons and tote bags.',
  },
  {
    ...SHIRT,
    title: 'Spooky Season Ghost Shirt Design',
    priceCents: 450,
    tags: ['halloween', 'cute'],
    ageDays: 33.4,
    palette: 'night',
    description:
      'Friendly little ghosts under a glowing moon for the spooky season. You get a high-resolution 300 dpi PNG, ready for sublimation or DTF. Looks great on kids and adult shirts alike.',
  },
  {
    ...SHIRT,
    title: 'Howdy Cowgirl Western Shirt Design',
    priceCents: 450,
    tags: ['western', 'retro'],
    ageDays: 52.2,
    palette: 'turquoise',
    description:
      'A sunny western Howdy badge with desert colours and retro stripes. One high-resolution 300 dpi PNG. Ideal for tees, trucker caps and tote bags.',
  },
  {
    ...MUG,
    title: 'But First Coffee Mug Wrap 11oz',
    priceCents: 399,
    tags: ['coffee', 'funny'],
    ageDays: 6.7,
    palette: 'earth',
    description:
      'A full mug wrap with polka dots and a steaming cup for coffee lovers. Includes a 300 dpi PNG sized for 11oz sublimation mugs. Print mirrored and press for a crisp, dishwasher-safe finish.',
  },
  {
    ...MUG,
    title: 'Floral Teacher Appreciation Mug Design',
    priceCents: 450,
    tags: ['teacher', 'floral'],
    ageDays: 29.9,
    palette: 'peach',
    description:
      'Soft florals and a heartfelt thank-you for teachers. One 300 dpi PNG that fits 11oz and 15oz mugs. Add the teacher name in your favourite design app.',
  },
  {
    ...MUG,
    title: 'Christmas Cocoa Plaid Mug Wrap 15oz',
    priceCents: 500,
    tags: ['christmas', 'coffee'],
    ageDays: 47.5,
    palette: 'holly',
    description:
      'Cosy red plaid with a hot cocoa cup for festive mornings. Delivered as a 300 dpi PNG sized for 15oz sublimation mugs. A quick, crowd-pleasing holiday market seller.',
  },
  {
    ...FLORAL,
    title: 'Watercolour Peony Clip Art Set',
    priceCents: 850,
    salePriceCents: 595,
    tags: ['floral', 'boho'],
    ageDays: 3.9,
    palette: 'peach',
    description:
      'Hand-painted style peonies and leaves for invitations, stationery and sublimation. You get a 300 dpi arrangement PNG plus a transparent PNG of the loose elements. Commercial use for finished products is included.',
  },
  {
    ...FLORAL,
    title: 'Boho Wildflower Bouquet Clip Art',
    priceCents: 750,
    tags: ['floral', 'boho'],
    ageDays: 22.4,
    palette: 'earth',
    description:
      'Earthy wildflowers in terracotta and sage, arranged and ready to drop into your designs. Includes a 300 dpi PNG and a transparent elements PNG. Perfect for wedding suites, labels and wall art.',
  },
  {
    ...FLORAL,
    title: 'Eucalyptus Greenery Frames Clip Art',
    priceCents: 900,
    tags: ['floral', 'boho'],
    ageDays: 37.6,
    palette: 'mint',
    description:
      'Fresh eucalyptus sprigs and blooms for frames, wreaths and borders. One 300 dpi composition PNG plus a transparent PNG of the elements. Great for invitations, planners and signage.',
  },
  {
    ...FLORAL,
    title: 'Floral Alphabet Letters Clip Art',
    priceCents: 1450,
    tags: ['floral', 'kids'],
    ageDays: 56.1,
    palette: 'candy',
    description:
      'Blooming florals to dress up monograms, names and initials. You get a 300 dpi showcase PNG and a transparent PNG of the flower elements. Use it for nursery names, tumblers and party decor.',
  },
  {
    ...ANIMAL,
    title: 'Cute Woodland Bear Clip Art',
    priceCents: 950,
    tags: ['animals', 'cute', 'kids'],
    ageDays: 5.3,
    palette: 'mint',
    description:
      'A cuddly woodland bear with rosy cheeks for baby showers and kids designs. Includes a 300 dpi scene PNG and a transparent PNG of the character. Scales cleanly for stickers, shirts and invitations.',
  },
  {
    ...ANIMAL,
    title: 'Highland Cow Watercolour Clip Art',
    priceCents: 800,
    tags: ['animals', 'western'],
    ageDays: 24.8,
    palette: 'turquoise',
    description:
      'A shaggy highland cow portrait with a farmhouse feel. You get a 300 dpi PNG and a transparent character PNG. Lovely on tumblers, tea towels and greeting cards.',
  },
  {
    ...ANIMAL,
    title: 'Kawaii Cat Faces Clip Art',
    priceCents: 650,
    tags: ['animals', 'cute'],
    ageDays: 44.2,
    palette: 'lavender',
    description:
      'A sweet kawaii kitty face in soft pastels. Includes a 300 dpi PNG and a transparent PNG for easy layering. Ideal for stickers, planners and kids apparel.',
  },
  {
    ...SEASONAL,
    title: 'Christmas Gnome Tree Clip Art Set',
    priceCents: 900,
    tags: ['christmas', 'cute'],
    ageDays: 8.4,
    palette: 'holly',
    description:
      'Festive trees, stars and sparkle for Christmas cards, tags and ornaments. You get a 300 dpi PNG and a transparent PNG of the elements. Commercial use for finished products is included.',
  },
  {
    ...SEASONAL,
    title: 'Halloween Pumpkin Patch Clip Art',
    priceCents: 750,
    tags: ['halloween', 'kids'],
    ageDays: 31.7,
    palette: 'pumpkin',
    description:
      'Plump pumpkins and falling stars for autumn and Halloween projects. Includes a 300 dpi PNG and a transparent elements PNG. Great for treat bag toppers, shirts and party signs.',
  },
  {
    ...SEASONAL,
    title: 'Easter Bunny and Eggs Clip Art',
    priceCents: 700,
    tags: ['easter', 'cute', 'kids'],
    ageDays: 49.3,
    palette: 'candy',
    description:
      'Pastel decorated eggs with confetti for Easter baskets and egg hunts. One 300 dpi PNG plus a transparent PNG of the eggs. Perfect for basket tags, cards and kids tees.',
  },
  {
    ...NURSERY,
    title: 'Boho Rainbow Nursery Print Set',
    priceCents: 1200,
    tags: ['nursery', 'boho', 'kids'],
    ageDays: 0.4,
    palette: 'peach',
    description:
      'Muted boho rainbows with soft clouds to calm any nursery. You get a 300 dpi PNG and a PDF listing every included print size from 8 x 10 in to A3. Print at home or at your local print shop.',
  },
  {
    ...NURSERY,
    title: 'Safari Animals Nursery Wall Art',
    priceCents: 1100,
    tags: ['nursery', 'animals', 'kids'],
    ageDays: 17.2,
    palette: 'earth',
    description:
      'Warm safari tones and a gentle rainbow for jungle-themed nurseries. Includes a 300 dpi PNG and a PDF print-size guide. Frame it or print it as a canvas.',
  },
  {
    ...NURSERY,
    title: 'Hello Little One Nursery Print',
    priceCents: 600,
    tags: ['nursery', 'quotes'],
    ageDays: 35.5,
    palette: 'cream',
    description:
      'A sweet welcome print for baby rooms and shower gifts. One 300 dpi PNG and a PDF with the ratio guide for 8 x 10, 11 x 14 and A-series frames. Instant download, print as many as you like for your home.',
  },
  {
    ...NURSERY,
    title: 'Moon and Stars Nursery Printable',
    priceCents: 650,
    tags: ['nursery', 'kids'],
    ageDays: 54.6,
    palette: 'night',
    description:
      'A dreamy crescent moon and twinkling stars for bedtime corners. You get a 300 dpi PNG plus a PDF size guide. Looks beautiful printed on matte card stock.',
  },
  {
    ...QUOTE,
    title: 'Be Kind To Your Mind Quote Print',
    priceCents: 500,
    tags: ['quotes', 'boho'],
    ageDays: 9.8,
    palette: 'mint',
    description:
      'A gentle reminder in elegant type for offices, bedrooms and calm corners. Includes a 300 dpi PNG and a PDF with every print size from A5 to 16 x 20 in. Print at home in minutes.',
  },
  {
    ...QUOTE,
    title: 'Good Things Take Time Printable',
    priceCents: 500,
    tags: ['quotes', 'boho'],
    ageDays: 26.1,
    palette: 'cream',
    description:
      'A slow-living quote with a simple botanical touch. You get a 300 dpi PNG and a PDF print-size guide. Ideal for gallery walls and thoughtful gifts.',
  },
  {
    ...QUOTE,
    title: 'Home Is Wherever We Are Together Sign',
    priceCents: 550,
    tags: ['quotes', 'retro'],
    ageDays: 39.9,
    palette: 'earth',
    description:
      'A warm family quote styled like a vintage sign. Includes a 300 dpi PNG and a PDF listing the included sizes. Print, frame or turn it into a wooden sign with transfer paper.',
  },
  {
    ...QUOTE,
    title: 'Wildflower Affirmation Print Set',
    priceCents: 2400,
    tags: ['quotes', 'floral', 'boho'],
    ageDays: 58.4,
    palette: 'peach',
    description:
      'A premium affirmation print framed by hand-drawn wildflowers. You get a 300 dpi PNG and a PDF guide covering every standard frame size. Perfect for self-care spaces and wellness studios.',
  },
  {
    ...STICKER,
    title: 'Cute Planner Sticker Sheet',
    priceCents: 450,
    tags: ['cute', 'kids'],
    ageDays: 4.6,
    palette: 'candy',
    description:
      'Hearts, stars and smiles to brighten every planner spread. One 300 dpi PNG laid out on a letter-friendly sheet, ready for print-then-cut machines. Use for personal planners or to sell printed sticker sheets.',
  },
  {
    ...STICKER,
    title: 'Retro Smiley Sticker Pack',
    priceCents: 400,
    tags: ['retro', 'funny'],
    ageDays: 12.3,
    palette: 'sunset',
    description:
      'Groovy smiley faces and flowers with thick white borders. You get a 300 dpi PNG sticker sheet sized for print-then-cut. Great for laptops, water bottles and journals.',
  },
  {
    ...STICKER,
    title: 'Teacher Life Sticker Sheet',
    priceCents: 450,
    tags: ['teacher', 'funny'],
    ageDays: 21.0,
    palette: 'cream',
    description:
      'Reward stickers with stars and hearts for busy classrooms. Includes a 300 dpi PNG sheet ready for print-then-cut. Print on matte or glossy sticker paper.',
  },
  {
    ...STICKER,
    title: 'Halloween Kawaii Sticker Sheet',
    priceCents: 400,
    tags: ['halloween', 'cute'],
    ageDays: 30.5,
    palette: 'pumpkin',
    description:
      'Tiny spooky-cute stickers for trick-or-treat bags and planners. One 300 dpi PNG sheet with generous cut margins. Prints beautifully on waterproof vinyl.',
  },
  {
    ...STICKER,
    title: 'Coffee Lover Sticker Set',
    priceCents: 350,
    tags: ['coffee', 'cute'],
    ageDays: 45.6,
    palette: 'earth',
    description:
      'Caffeine-fuelled stickers for mugs, laptops and journals. You get a 300 dpi PNG sticker sheet ready for print-then-cut. An easy add-on for coffee themed orders.',
  },
  {
    ...STICKER,
    title: 'Christmas Cookies Sticker Sheet',
    priceCents: 400,
    tags: ['christmas', 'cute'],
    ageDays: 50.9,
    palette: 'holly',
    description:
      'Festive stars and hearts for gift tags and holiday planners. Includes a 300 dpi PNG sheet sized for print-then-cut machines. Print, cut and stick on everything this December.',
  },
];

export type DemoBundle = {
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
    title: 'Ultimate Tumbler Wrap Bundle',
    category: 'Sublimation Designs',
    subcategory: 'Tumblers',
    priceCents: 1500,
    tags: ['boho', 'western', 'floral'],
    ageDays: 2.1,
    palette: 'night',
    products: [
      'Sunflower Leopard Tumbler Wrap 20oz',
      'Retro Checkered Daisy Tumbler Wrap',
      'Western Cowhide Turquoise Tumbler Wrap',
      'Teacher Apple Pencil Tumbler Wrap 20oz',
    ],
    description:
      'Four best-selling 20oz tumbler wraps in one download, from sunflowers to cowhide. Every wrap comes as a 300 dpi PNG with its own print guide. Save 40% compared with buying them one by one.',
  },
  {
    title: 'Nursery Wall Art Bundle',
    category: 'Printable Wall Art',
    subcategory: 'Nursery',
    priceCents: 2200,
    tags: ['nursery', 'kids', 'boho'],
    ageDays: 10.6,
    palette: 'cream',
    products: ['Boho Rainbow Nursery Print Set', 'Safari Animals Nursery Wall Art', 'Hello Little One Nursery Print', 'Moon and Stars Nursery Printable'],
    description:
      'Four coordinating nursery prints that build a soft, calm gallery wall. Each print is a 300 dpi PNG with a PDF guide to every frame size. A thoughtful baby shower gift at a bundle price.',
  },
  {
    title: 'Spooky Season Halloween Bundle',
    category: 'Clip Art',
    subcategory: 'Seasonal',
    priceCents: 1000,
    tags: ['halloween', 'cute'],
    ageDays: 20.2,
    palette: 'pumpkin',
    products: ['Spooky Season Ghost Shirt Design', 'Halloween Pumpkin Patch Clip Art', 'Halloween Kawaii Sticker Sheet'],
    description:
      'Everything for a spooky-cute October: a shirt design, pumpkin clip art and a sticker sheet. All files are 300 dpi PNGs ready for sublimation and print-then-cut. Grab the set and save over a third.',
  },
];
