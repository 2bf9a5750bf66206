// Dominant colours of an image as words for generated names.
import 'server-only';
import { colourStats } from '@/lib/infra/images';

const NAMED: [string, [number, number, number]][] = [
  ['Black', [20, 20, 20]],
  ['White', [245, 245, 245]],
  ['Grey', [128, 128, 128]],
  ['Red', [200, 30, 40]],
  ['Pink', [240, 150, 180]],
  ['Orange', [240, 140, 30]],
  ['Yellow', [240, 220, 60]],
  ['Green', [60, 160, 70]],
  ['Teal', [30, 150, 150]],
  ['Blue', [40, 90, 200]],
  ['Navy', [20, 30, 90]],
  ['Purple', [130, 60, 170]],
  ['Brown', [120, 80, 40]],
  ['Beige', [225, 205, 170]],
];

export function colourName(r: number, g: number, b: number): string {
  let best = NAMED[0];
  let bestDistance = Infinity;
  for (const entry of NAMED) {
    const [nr, ng, nb] = entry[1];
    const distance = (r - nr) ** 2 * 2 + (g - ng) ** 2 * 4 + (b - nb) ** 2 * 3;
    if (distance < bestDistance) [best, bestDistance] = [entry, distance];
  }
  return best[0];
}

/** Up to two colour words: the dominant colour and the mean colour when they differ. */
export async function dominantColourWords(bytes: Buffer): Promise<string[]> {
  const { dominant, mean } = await colourStats(bytes);
  return [...new Set([colourName(...dominant), colourName(...mean)])];
}
