// Preview images and thumbnails: public objects the server generated, served by key.
import 'server-only';
import { getObject, type StoredObject } from '@/lib/infra/storage';

/** A public preview or thumbnail, or null when there is none; paid files live in another bucket and are never reached here. */
export function getPublicMedia(key: string): Promise<StoredObject | null> {
  return getObject('public', key);
}
