// The shop's logo and hero picture, through the checks every uploaded image
// passes (size, magic bytes, hidden markup, pixel limit, full decode), stored
// as WebP in the public media bucket under a fresh key each time: media is
// served as immutable, so a reused key would stay in browsers' caches.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { checkImage, dropReplacedMedia, mediaPath, refuseImage } from '@/lib/domain/uploads';
import { makeShopImage } from '@/lib/infra/images';
import { deleteObject, putObject } from '@/lib/infra/storage';
import { setShopImagePath } from './identity';

export type ShopImageKind = 'logo' | 'hero';

const BOXES: Record<ShopImageKind, { width: number; height: number }> = {
  logo: { width: 480, height: 160 },
  hero: { width: 1600, height: 1000 },
};

export async function setShopImage(actor: string, kind: ShopImageKind, bytes: Buffer): Promise<string> {
  await checkImage(bytes).catch(refuseImage);
  const webp = await makeShopImage(bytes, BOXES[kind]).catch(refuseImage);
  const key = `shop/${kind}-${randomUUID().slice(0, 8)}.webp`;
  await putObject('public', key, webp, 'image/webp');
  let previous: string | null;
  try {
    previous = await setShopImagePath(actor, kind, mediaPath(key));
  } catch (error) {
    await deleteObject('public', key).catch(() => undefined);
    throw error;
  }
  await dropReplacedMedia([previous]);
  return mediaPath(key);
}

export async function removeShopImage(actor: string, kind: ShopImageKind): Promise<void> {
  await dropReplacedMedia([await setShopImagePath(actor, kind, null)]);
}
