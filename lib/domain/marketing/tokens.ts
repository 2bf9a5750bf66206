// Unsubscribe links (Decision 087): a token that names one recipient and one
// category, signed with a key derived from AUTH_SECRET, so it needs no row,
// works without signing in and never expires (an old email's link still
// works). Anyone holding it can only turn that one category off for that one
// recipient; changing any part breaks the signature. `u1` names a customer's
// account; `a1` names an address without one, a guest who consented at
// checkout or with a free download (Decision 097).
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';
import { EMAIL_CATEGORIES, type EmailCategory } from './categories';

const ACCOUNT = 'u1';
const ADDRESS = 'a1';
// An address is at most 254 characters: 340 in base64url, plus the rest.
const MAX_TOKEN = 500;

// Its own key: a MAC made for unsubscribe links can never pass as anything else signed with AUTH_SECRET.
const key = () => createHmac('sha256', env().AUTH_SECRET).update('email-unsubscribe-v1').digest();

// The version is signed too, so an account's token can never be read as an address's.
const mac = (version: string, subject: string, category: EmailCategory) => createHmac('sha256', key()).update(`${version}\0${subject}\0${category}`).digest();

const sign = (version: string, subject: string, category: EmailCategory) =>
  [version, Buffer.from(subject).toString('base64url'), category, mac(version, subject, category).toString('base64url')].join('.');

export function unsubscribeToken(userId: string, category: EmailCategory): string {
  return sign(ACCOUNT, userId, category);
}

/** For an address without an account; the address is lower-cased, as consent records keep it. */
export function addressUnsubscribeToken(email: string, category: EmailCategory): string {
  return sign(ADDRESS, email.trim().toLowerCase(), category);
}

export type UnsubscribeClaim = { userId: string; category: EmailCategory } | { email: string; category: EmailCategory };

const isCategory = (value: string): value is EmailCategory => (EMAIL_CATEGORIES as readonly string[]).includes(value);
const isUserId = (value: string) => /^[a-z0-9]{1,64}$/i.test(value);
const isAddress = (value: string) => value.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(value) && value === value.toLowerCase();

/** The recipient and category a token names, or null for anything not signed by this shop. */
export function readUnsubscribeToken(token: string): UnsubscribeClaim | null {
  if (token.length > MAX_TOKEN) return null;
  const [version, encoded, category, signature, ...rest] = token.split('.');
  if ((version !== ACCOUNT && version !== ADDRESS) || rest.length > 0 || !encoded || !signature || !isCategory(category)) return null;
  const subject = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!(version === ACCOUNT ? isUserId(subject) : isAddress(subject))) return null;
  const expected = mac(version, subject, category);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return version === ACCOUNT ? { userId: subject, category } : { email: subject, category };
}
