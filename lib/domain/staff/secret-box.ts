// TOTP secrets at rest: AES-256-GCM under TOTP_ENCRYPTION_KEY (Decision 084),
// so a copy of the database alone cannot mint codes. A fresh 12-byte nonce per
// secret; the staff id is the associated data, so a secret copied onto another
// member's row does not decrypt.
import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

const VERSION = 'v1';

const key = () => Buffer.from(env().TOTP_ENCRYPTION_KEY, 'hex');

export function sealSecret(staffId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), nonce);
  cipher.setAAD(Buffer.from(staffId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The secret, or null when it was sealed under another key or for another member, or altered. */
export function openSecret(staffId: string, sealed: string): string | null {
  const [version, nonce, body, tag] = sealed.split('.');
  if (version !== VERSION || !nonce || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(staffId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
