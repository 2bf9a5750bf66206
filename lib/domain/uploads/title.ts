// Product titles from uploaded filenames: "IMG_20240101_123456 Pink-Roses (2) copy.png"
// becomes "Pink Roses". Camera prefixes, dates, counters and copy markers are
// noise a shopper should never see.
const NOISE_WORDS = new Set([
  'img',
  'dsc',
  'dscn',
  'dscf',
  'pxl',
  'photo',
  'image',
  'screenshot',
  'copy',
  'final',
  'edited',
  'scan',
  'untitled',
  'mvimg',
  'gopr',
  'p',
]);

export function titleFromFilename(filename: string, fallback = 'Untitled Design'): string {
  const base = filename.replace(/^.*[\\/]/, '').replace(/\.[a-z0-9]{1,5}$/i, '');
  const words = base
    .normalize('NFKC')
    .replace(/\(\d+\)|\[\d+\]/g, ' ')
    .replace(/[_\-.+~]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .filter((w) => w && !NOISE_WORDS.has(w.toLowerCase()) && !/\d{2,}/.test(w) && !/^v?\d$/i.test(w) && /\p{L}/u.test(w));
  const title = words
    .map((w) => (w === w.toUpperCase() && w.length > 3 ? w.toLowerCase() : w))
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
    .replace(/[^\p{L}\p{N} &'!,]/gu, '')
    .trim()
    .slice(0, 120);
  return title || fallback;
}

/** A filesystem-safe slug of a title, for generated filenames. */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/&/g, 'and')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'design'
  );
}
