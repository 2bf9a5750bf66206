import { randomBytes } from 'node:crypto';

// Licence ids are public (certificates, verification) and must not be guessed:
// "LIC-" and 16 base32 characters, 80 random bits from the CSPRNG.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const LICENCE_ID_PATTERN = /^LIC-[A-Z2-7]{16}$/;

export function newLicenceId(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let id = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      id += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `LIC-${id}`;
}
