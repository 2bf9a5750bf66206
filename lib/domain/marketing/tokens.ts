// Unsubscribe links (Decision 087): a token that names one customer and one
// category, signed with a key derived from AUTH_SECRET, so it needs no row,
// works without signing in and never expires (an old email's link still
// works). Anyone holding it can only turn that one category off for that one
// customer; changing either part breaks the signature.
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';
import { EMAIL_CATEGORIES, type EmailCategory } from './categories';

const VERSION = 'u1';

// Its own key: a MAC made for unsubscribe links can never pass as anything else signed with AUTH_SECRET.
const key = () => createHmac('sha256', env().AUTH_SECRET).update('email-unsubscribe-v1').digest();

const mac = (userId: string, category: EmailCategory) => createHmac('sha256', key()).update(`${VERSION}\0${userId}\0${category}`).digest();

export function unsubscribeToken(userId: string, category: EmailCategory): string {
  return [VERSION, Buffer.from(userId).toString('base64url'), category, mac(userId, category).toString('base64url')].join('.');
}

export type UnsubscribeClaim = { userId: string; category: EmailCategory };

const isCategory = (value: string): value is EmailCategory => (EMAIL_CATEGORIES as readonly string[]).includes(value);

/** The customer and category a token names, or null for anything not signed by this shop. */
export function readUnsubscribeToken(token: string): UnsubscribeClaim | null {
  if (token.length > 300) return null;
  const [version, encodedUser, category, signature, ...rest] = token.split('.');
  if (version !== VERSION || rest.length > 0 || !encodedUser || !signature || !isCategory(category)) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  if (!/^[a-z0-9]{1,64}$/i.test(userId)) return null;
  const expected = mac(userId, category);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, category } : null;
}
