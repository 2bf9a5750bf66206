// One design per motif (tumbler wrap, shirt, mug, clip art, nursery print,
// quote, sticker sheet), drawn from a product's title and palette.
import { DEMO_CATEGORIES, type Motif, type Palette } from './catalogue';
import {
  background,
  backgroundDefs,
  between,
  flower,
  heart,
  layoutText,
  leaf,
  pick,
  r1,
  scatter,
  SERIF,
  smiley,
  star,
  studioMark,
  svgDocument,
  textSvg,
  titleCard,
} from './svg';

/** Side of the downloadable design PNGs; the artwork is vector, so this only trades time for pixels. */
export const DESIGN_SIZE = 1600;
export const TRANSPARENT_SIZE = 1500;

/** A design is background + artwork + label; clip art also ships the artwork alone, on transparency. */
export type Design = { defs: string; background: string; art: string; label: string };

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
  const steam = [440, 500, 560]
    .map(
      (x) =>
        `<path d="M ${x} 300 q -25 -40 0 -80 q 25 -40 0 -80" stroke="${p.panel}" stroke-width="14" fill="none" stroke-linecap="round" stroke-opacity="0.85"/>`,
    )
    .join('');
  return {
    defs: backgroundDefs(p),
    background: `${background}<rect width="1000" height="130" fill="${a0}"/><rect y="870" width="1000" height="130" fill="${a1}"/>${dots}`,
    art: `${steam}<rect x="380" y="310" width="240" height="200" rx="30" fill="${a2}"/><circle cx="640" cy="400" r="55" fill="none" stroke="${a2}" stroke-width="28"/>${heart(500, 405, 55, p.panel)}`,
    label: titleCard(title, p, { top: 560 }),
  };
}

function flowerDesign(title: string, p: Palette, rng: () => number): Design {
  const [a0, a1, a2] = p.accents;
  const leaves = Array.from({ length: 8 }, (_, i) =>
    leaf(500 + Math.cos(i) * between(rng, 150, 260), 380 + Math.sin(i * 1.7) * 150, between(rng, 140, 200), i * 45 + between(rng, -15, 15), a1),
  ).join('');
  const blooms = [
    flower(370, 200, 110, 8, a0, a1, between(rng, 0, 30), p.panel),
    flower(640, 210, 115, 8, a0, a1, between(rng, 0, 30), p.panel),
    flower(270, 420, 150, 9, a2, a0, between(rng, 0, 30), p.panel),
    flower(730, 420, 150, 9, a2, a0, between(rng, 0, 30), p.panel),
    flower(500, 360, 200, 12, a0, a2, between(rng, 0, 30), p.panel),
  ].join('');
  const petalsFalling = scatter(rng, 12, (x, y) =>
    y > 600
      ? ''
      : `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="12" ry="22" fill="${a0}" fill-opacity="0.35" transform="rotate(${r1(between(rng, 0, 180))} ${r1(x)} ${r1(y)})"/>`,
  );
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
    const tiers = [0, 1, 2]
      .map((i) => `<polygon points="500,${120 + i * 110} ${330 - i * 40},${330 + i * 110} ${670 + i * 40},${330 + i * 110}" fill="${a1}"/>`)
      .join('');
    const baubles = [
      [430, 330],
      [570, 380],
      [460, 470],
      [600, 520],
      [400, 560],
    ]
      .map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="18" fill="${i % 2 ? a2 : a0}"/>`)
      .join('');
    return `${tiers}<rect x="470" y="560" width="60" height="60" fill="#6b4226"/>${baubles}${star(500, 115, 55, a2)}`;
  }
  if (/pumpkin|halloween/i.test(title)) {
    const lobes = [-120, -60, 0, 60, 120]
      .map((dx) => `<ellipse cx="${500 + dx}" cy="420" rx="${dx === 0 ? 120 : 110}" ry="170" fill="${a1}" stroke="${p.to}" stroke-width="6"/>`)
      .join('');
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
    return {
      defs: backgroundDefs(p),
      background: `${background}${stars}`,
      art: `${moon}${star(690, 470, 40, a0)}${star(760, 230, 26, a0)}`,
      label: titleCard(title, p, { bottom: 965 }),
    };
  }
  const colours = [a1, a0, a2, p.panel];
  const arcs = colours
    .map((c, i) => {
      const r = 300 - i * 55;
      return `<path d="M ${500 - r} 560 A ${r} ${r} 0 0 1 ${500 + r} 560" stroke="${c}" stroke-width="50" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
  return {
    defs: backgroundDefs(p),
    background: `${background}${stars}`,
    art: `${arcs}${cloud(230, 560, 1)}${cloud(770, 560, 1)}`,
    label: titleCard(title, p, { bottom: 965 }),
  };
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

export const DESIGNERS: Record<Motif, (title: string, p: Palette, rng: () => number) => Design> = {
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
  Tumblers: 'wrap',
  'T-Shirts': 'shirt',
  Mugs: 'mug',
  Florals: 'flower',
  Animals: 'animal',
  Seasonal: 'seasonal',
  Nursery: 'nursery',
  Quotes: 'quote',
};

export function motifOf(item: { category: string; subcategory: string | null }): Motif {
  if (item.subcategory && SUBCATEGORY_MOTIF[item.subcategory]) return SUBCATEGORY_MOTIF[item.subcategory];
  return DEMO_CATEGORIES.find((c) => c.name === item.category)?.motif ?? 'sticker';
}

export function designSvg(design: Design, size: number): string {
  return svgDocument({ width: size, height: size }, '0 0 1000 1000', design.defs, `${design.background}${design.art}${design.label}`);
}

export function transparentSvg(design: Design, size: number): string {
  return svgDocument({ width: size, height: size }, '0 0 1000 1000', design.defs, design.art);
}
