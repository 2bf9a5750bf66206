// The "restore your cart" link (Decision 096): a token that names one
// abandoned order and when the link stops working, signed with a key derived
// from AUTH_SECRET for this purpose only. It needs no sign-in (the cart lives
// in the browser, wherever the email is opened) and reveals only what that
// cart held; changing the order or the expiry breaks the MAC.
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';

const VERSION = 'r1';
export const RESTORE_LINK_DAYS = 30;

// Its own key: a MAC made for restore links can never pass as an unsubscribe link or a session.
const key = () => createHmac('sha256', env().AUTH_SECRET).update('cart-restore-v1').digest();
const mac = (orderId: string, expires: number) => createHmac('sha256', key()).update(`${VERSION}\0${orderId}\0${expires}`).digest();

export function cartRestoreToken(orderId: string, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + RESTORE_LINK_DAYS * 86_400;
  return [VERSION, Buffer.from(orderId).toString('base64url'), expires.toString(36), mac(orderId, expires).toString('base64url')].join('.');
}

/** The order a token names, or null for a token this shop did not sign or whose time is up. */
export function readCartRestoreToken(token: string, now: Date = new Date()): string | null {
  if (token.length > 300) return null;
  const [version, encodedOrder, encodedExpiry, signature, ...rest] = token.split('.');
  if (version !== VERSION || rest.length > 0 || !encodedOrder || !signature || !/^[0-9a-z]{1,10}$/.test(encodedExpiry ?? '')) return null;
  const orderId = Buffer.from(encodedOrder, 'base64url').toString('utf8');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderId)) return null;
  const expires = parseInt(encodedExpiry, 36);
  const expected = mac(orderId, expires);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return expires * 1000 > now.getTime() ? orderId : null;
}
