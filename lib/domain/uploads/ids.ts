import { randomBytes } from 'node:crypto';

/** cuid2-shaped (a letter, then base36) from 128 random bits: accepted by the API's id checks, unguessable. */
export function newId(): string {
  return `c${BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0')}`;
}

export const STAGING_PREFIX = 'staging/';
export const stagingKey = (stagingId: string, position: number) => `${STAGING_PREFIX}${stagingId}/${position}`;
export const originalKey = (productId: string, extension: string) => `files/${productId}/original.${extension}`;
export const previewKey = (productId: string) => `previews/${productId}.webp`;
export const thumbnailKey = (productId: string) => `thumbs/${productId}.webp`;
export const mediaPath = (key: string) => `/media/${key}`;
