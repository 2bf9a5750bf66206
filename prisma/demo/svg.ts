// Drawing helpers for the demo artwork: SVG in a 1000-unit square, rendered by
// sharp. Deterministic: the same title always draws the same picture.
import type { Palette } from './catalogue';

export const SANS = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
export const SERIF = 'DejaVu Serif, Liberation Serif, Georgia, serif';

/** Same title, same artwork: FNV-1a seeds a small PRNG. */
export function rngFor(text: string): () => number {
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

export const between = (rng: () => number, min: number, max: number) => min + rng() * (max - min);
export const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
export const r1 = (n: number) => Math.round(n * 10) / 10;

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

export function layoutText(text: string, width: number, maxLines: number, maxFont: number, serif = false): TextLayout {
  const { lines, fontSize } = fitText(text, width, maxLines, maxFont, serif ? 0.58 : 0.62);
  return { lines, fontSize, height: lines.length * fontSize * 1.15, serif };
}

/** Centred lines starting at `top`. */
export function textSvg(layout: TextLayout, cx: number, top: number, fill: string, italic = false): string {
  const tspans = layout.lines
    .map((line, i) => `<tspan x="${cx}" y="${r1(top + layout.fontSize * 0.95 + i * layout.fontSize * 1.15)}">${escapeXml(line)}</tspan>`)
    .join('');
  const style = italic ? ' font-style="italic"' : '';
  return `<text text-anchor="middle" font-family="${layout.serif ? SERIF : SANS}" font-weight="700"${style} font-size="${layout.fontSize}" fill="${fill}">${tspans}</text>`;
}

export function studioMark(y: number, p: Palette): string {
  return `<text x="500" y="${r1(y)}" text-anchor="middle" font-family="${SANS}" font-size="24" letter-spacing="6" fill="${p.ink}" fill-opacity="0.7">PIXEL PRESS STUDIO</text>`;
}

/** Title on a rounded card with the studio name beneath, placed by its top or bottom edge. */
export function titleCard(title: string, p: Palette, at: { top: number } | { bottom: number }, options: { width?: number; maxLines?: number } = {}): string {
  const width = options.width ?? 800;
  const layout = layoutText(title, width - 90, options.maxLines ?? 2, 84);
  const height = layout.height + 110;
  const top = 'top' in at ? at.top : at.bottom - height;
  return `<rect x="${(1000 - width) / 2}" y="${r1(top)}" width="${width}" height="${r1(height)}" rx="36" fill="${p.panel}" fill-opacity="0.9"/>
${textSvg(layout, 500, top + 30, p.ink)}
${studioMark(top + layout.height + 76, p)}`;
}

export function backgroundDefs(p: Palette): string {
  // userSpaceOnUse lets shapes painted with url(#bg) blend seamlessly into the background.
  return `<linearGradient id="bg" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="1000" y2="1000"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`;
}

export const background = '<rect width="1000" height="1000" fill="url(#bg)"/>';

export function flower(cx: number, cy: number, r: number, petals: number, petal: string, centre: string, rotate = 0, outline?: string): string {
  const shapes = Array.from({ length: petals }, (_, i) => {
    const angle = r1((360 / petals) * i);
    return `<ellipse cx="0" cy="${r1(-r * 0.55)}" rx="${r1(r * 0.27)}" ry="${r1(r * 0.5)}" transform="rotate(${angle})"/>`;
  }).join('');
  const stroke = outline ? ` stroke="${outline}" stroke-width="${r1(r * 0.04)}"` : '';
  return `<g transform="translate(${r1(cx)} ${r1(cy)}) rotate(${r1(rotate)})"><g fill="${petal}"${stroke}>${shapes}</g><circle r="${r1(r * 0.28)}" fill="${centre}"/></g>`;
}

export function leaf(cx: number, cy: number, length: number, angle: number, colour: string): string {
  return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(length / 2)}" ry="${r1(length / 6)}" fill="${colour}" transform="rotate(${r1(angle)} ${r1(cx)} ${r1(cy)})"/>`;
}

export function star(cx: number, cy: number, r: number, colour: string, opacity = 1): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${r1(cx + radius * Math.cos(angle))},${r1(cy + radius * Math.sin(angle))}`;
  }).join(' ');
  return `<polygon points="${points}" fill="${colour}" fill-opacity="${opacity}"/>`;
}

export function heart(cx: number, cy: number, s: number, colour: string): string {
  return `<path transform="translate(${r1(cx)} ${r1(cy)}) scale(${r1(s)})" d="M0 -0.25 C -0.45 -0.9 -1.2 -0.2 0 0.75 C 1.2 -0.2 0.45 -0.9 0 -0.25 Z" fill="${colour}"/>`;
}

export function smiley(cx: number, cy: number, r: number, face: string, ink: string): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${face}"/>
<circle cx="${r1(cx - r * 0.33)}" cy="${r1(cy - r * 0.2)}" r="${r1(r * 0.11)}" fill="${ink}"/><circle cx="${r1(cx + r * 0.33)}" cy="${r1(cy - r * 0.2)}" r="${r1(r * 0.11)}" fill="${ink}"/>
<path d="M ${r1(cx - r * 0.5)} ${r1(cy + r * 0.15)} Q ${cx} ${r1(cy + r * 0.75)} ${r1(cx + r * 0.5)} ${r1(cy + r * 0.15)}" stroke="${ink}" stroke-width="${r1(r * 0.1)}" fill="none" stroke-linecap="round"/>`;
}

export function scatter(rng: () => number, count: number, draw: (x: number, y: number, i: number) => string): string {
  return Array.from({ length: count }, (_, i) => draw(between(rng, 30, 970), between(rng, 30, 970), i)).join('');
}

export function svgDocument(pixels: { width: number; height: number }, viewBox: string, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels.width}" height="${pixels.height}" viewBox="${viewBox}"><defs>${defs}</defs>${body}</svg>`;
}
