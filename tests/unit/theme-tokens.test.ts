import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The interface's colours are the theme tokens of app/globals.css (brand,
// accent, success, warning, danger; grey stays Tailwind's neutral scale). A
// raw hue in a class (bg-rose-700, text-emerald-800) is the repetition the
// tokens replaced: this fails on the first one anywhere in app/ or components/.

const ROOT = join(__dirname, '..', '..');
const HUES = 'red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
const RAW_HUE = new RegExp(
  `(?<![\\w-])(?:[a-z-]+:)*(?:bg|text|border|ring|outline|accent|from|via|to|fill|stroke|decoration|divide|placeholder|shadow|caret)-(?:${HUES})-\\d{2,3}\\b`,
  'g',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) ? [path] : [];
  });
}

/** globals.css declares the tokens from hues in its @theme block; outside it, the same rule holds. */
const withoutThemeBlock = (css: string) => css.replace(/@theme\s*\{[^}]*\}/, '');

describe('theme tokens', () => {
  it('the pattern catches a raw hue, with or without a variant, and lets tokens and greys through', () => {
    const found = (text: string) => text.match(RAW_HUE) ?? [];
    expect(found('rounded bg-rose-700 hover:bg-rose-800 md:text-emerald-900')).toEqual(['bg-rose-700', 'hover:bg-rose-800', 'md:text-emerald-900']);
    expect(found('bg-brand-700 text-gray-700 border-danger-300 ring-accent-700')).toEqual([]);
  });

  it('no class in app/ or components/ names a raw hue instead of a theme token', () => {
    const offenders = ['app', 'components']
      .flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        const matches = (file.endsWith('.css') ? withoutThemeBlock(text) : text).match(RAW_HUE) ?? [];
        return matches.map((m) => `${relative(ROOT, file)}: ${m}`);
      });
    expect(offenders).toEqual([]);
  });
});
