// A descriptive filename for an image (docs/product.md §7 analyze-image): the original
// name cleaned of camera and counter noise, its dimensions, its dominant
// colours and a suffix from a fixed list (docs/security.md S8), never free text.
import 'server-only';
import { AppError, invalid } from '@/lib/domain/errors';
import { ImageInputError } from '@/lib/infra/images';
import { dominantColourWords } from './colours';
import { EXTENSION } from './sniff';
import { slugify, titleFromFilename } from './title';
import { checkImage } from './validate';

export const ALLOWED_SUFFIXES = ['', 'design', 'clipart', 'sublimation', 'printable', 'mockup', 'bundle', 'png', 'transparent'] as const;

export function isAllowedSuffix(suffix: string): suffix is (typeof ALLOWED_SUFFIXES)[number] {
  return (ALLOWED_SUFFIXES as readonly string[]).includes(suffix);
}

export async function generateImageFilename(bytes: Buffer, originalName: string, suffix: string): Promise<string> {
  const cleanSuffix = suffix.trim().toLowerCase();
  if (!isAllowedSuffix(cleanSuffix))
    throw invalid(`Unknown suffix; use one of: ${ALLOWED_SUFFIXES.filter(Boolean).join(', ')}`, { suffix: ['Not an allowed suffix'] });
  let info, colours;
  try {
    info = await checkImage(bytes);
    colours = await dominantColourWords(bytes);
  } catch (error) {
    if (error instanceof ImageInputError) throw new AppError('unsupported_media_type', error.message);
    throw error;
  }
  const base = slugify(titleFromFilename(originalName, 'Design'));
  const parts = [base, ...colours, `${info.width}x${info.height}`, cleanSuffix].filter(Boolean);
  return `${parts.join('-')}.${EXTENSION[info.format]}`;
}
