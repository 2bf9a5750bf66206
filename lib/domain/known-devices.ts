// Known devices (Decision 076, after OWASP's "device cookies"): a browser that
// signed in to an account gets a token, signed with a key derived from
// AUTH_SECRET, naming that account and a random device id. Sign-in limits let
// such a device in on an allowance of its own, so strangers failing on purpose
// cannot lock its owner out; nobody can make one for an account without its
// password. The token proves nothing else: it never signs anyone in.
import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';

/** The back office and customer accounts keep apart: a token of one kind is no token of the other. */
export type DeviceKind = 'admin' | 'customer';

export type KnownDevice = { kind: DeviceKind; id: string; accountTag: string; issuedAt: number };

/** A device stays known this long after its latest successful sign-in (each one issues a fresh token). */
export const KNOWN_DEVICE_SECONDS = 90 * 24 * 60 * 60;

const VERSION = 'd1';
/** Tokens dated a little ahead are a clock between instances, not a forgery. */
const CLOCK_SKEW_SECONDS = 60;

const mac = (text: string) => createHmac('sha256', env().AUTH_SECRET).update(`known-device\0${text}`).digest('base64url');

/** The account's tag in a token: the same for every spelling the sign-in accepts, and not the address itself. */
const accountTag = (kind: DeviceKind, account: string) => mac(`${kind}\0account\0${account.trim().toLowerCase()}`).slice(0, 22);

/** A fresh token for a device that has just signed in to `account`. */
export function issueKnownDevice(kind: DeviceKind, account: string, now = Date.now()): string {
  const body = [VERSION, kind, accountTag(kind, account), randomBytes(16).toString('base64url'), Math.floor(now / 1000)].join('.');
  return `${body}.${mac(body)}`;
}

/** The device a token names, when this server signed it for `kind` and it has not expired; null for anything else. */
export function readKnownDevice(kind: DeviceKind, token: string | null, now = Date.now()): KnownDevice | null {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 6 || parts[0] !== VERSION || parts[1] !== kind) return null;
  const body = parts.slice(0, 5).join('.');
  const given = Buffer.from(parts[5]);
  const expected = Buffer.from(mac(body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = Number(parts[4]);
  const age = Math.floor(now / 1000) - issuedAt;
  if (!Number.isInteger(issuedAt) || age > KNOWN_DEVICE_SECONDS || age < -CLOCK_SKEW_SECONDS) return null;
  return { kind, id: parts[3], accountTag: parts[2], issuedAt };
}

/** Whether `device` signed in to `account` before. */
export function isDeviceOf(device: KnownDevice | null, account: string): boolean {
  return device !== null && device.accountTag === accountTag(device.kind, account);
}
