import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { ImageInputError } from '@/lib/infra/images';
import { deleteObject } from '@/lib/infra/storage';

const MEDIA_PREFIX = '/media/';

/**
 * Deletes the public objects behind replaced `/media/…` paths. Best effort: a
 * leftover object costs storage, never a broken page, so a failed delete is not
 * the caller's failure. Paths outside the shop's media (none, a URL) are skipped.
 */
export async function dropReplacedMedia(paths: (string | null)[]): Promise<void> {
  const keys = paths.filter((p): p is string => !!p?.startsWith(MEDIA_PREFIX)).map((p) => p.slice(MEDIA_PREFIX.length));
  await Promise.all(keys.map((key) => deleteObject('public', key).catch(() => undefined)));
}

/** An image the checks refused becomes a 415 whose message (safe to show) names the reason; anything else is rethrown. */
export function refuseImage(error: unknown): never {
  if (error instanceof ImageInputError) throw new AppError('unsupported_media_type', error.message, { image: [error.message] });
  throw error;
}
