// "Trust this browser for 30 days": after a second factor, the browser may get
// a token naming the member, signed (HMAC-SHA256, a key derived from
// AUTH_SECRET) over the member's security stamp. It stands in for the second
// factor only, never for the password, and only for that member; a new
// password, a new or removed second factor, a role change or removal changes
// the stamp and so forgets every browser at once.
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';

export const TRUSTED_BROWSER_SECONDS = 30 * 24 * 60 * 60;
const VERSION = 't1';

type Member = { id: string; securityStamp: string };

const mac = (staffId: string, issuedAt: number, stamp: string) =>
  createHmac('sha256', env().AUTH_SECRET).update(`trusted-browser\0${staffId}\0${issuedAt}\0${stamp}`).digest('base64url');

export function issueTrustedBrowser(staff: Member, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return [VERSION, staff.id, issuedAt, mac(staff.id, issuedAt, staff.securityStamp)].join('.');
}

/** Whether `token` was issued to this member, since their last security change, less than 30 days ago. */
export function isTrustedBrowserOf(token: string | null, staff: Member, now = Date.now()): boolean {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 4 || parts[0] !== VERSION || parts[1] !== staff.id) return false;
  const issuedAt = Number(parts[2]);
  const age = Math.floor(now / 1000) - issuedAt;
  if (!Number.isInteger(issuedAt) || age < -60 || age > TRUSTED_BROWSER_SECONDS) return false;
  const given = Buffer.from(parts[3]);
  const expected = Buffer.from(mac(staff.id, issuedAt, staff.securityStamp));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
