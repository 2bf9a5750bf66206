import 'server-only';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

// RFC 6238 codes as every authenticator app reads them by default: SHA-1,
// 6 digits, 30-second steps, a 160-bit secret (otpauth). The QR code is drawn
// as SVG on the server (qrcode), so the secret never passes through a
// third-party image service or a client-side library.

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;

const totp = (secretBase32: string, issuer = '', label = '') =>
  new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: TOTP_PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secretBase32) });

/** A fresh random secret, base32 as authenticator apps take it typed in. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totp(secretBase32, issuer, label).toString();
}

/** The step a code belongs to, within `window` steps of `now`; null when it matches none. */
export function totpStepOf(secretBase32: string, code: string, window: number, now = Date.now()): number | null {
  const delta = totp(secretBase32).validate({ token: code, window, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code an authenticator app shows at `now` (tests sign in as a person with the app would). */
export function totpCode(secretBase32: string, now = Date.now()): string {
  return totp(secretBase32).generate({ timestamp: now });
}

/** A QR code of `text` as an SVG data: URL (the CSP allows data: images). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
