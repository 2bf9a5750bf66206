import { describe, expect, it } from 'vitest';
import { newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '@/lib/domain/staff/recovery-codes';
import { openSecret, sealSecret } from '@/lib/domain/staff/secret-box';
import { isTrustedBrowserOf, issueTrustedBrowser, TRUSTED_BROWSER_SECONDS } from '@/lib/domain/staff/trusted-browsers';
import { totpStepToAccept } from '@/lib/domain/staff/two-factor';
import { newTotpSecret, TOTP_PERIOD_SECONDS, totpCode, totpUri } from '@/lib/infra/auth/totp';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
// The middle of a step, so ±1 step is unambiguous.
const now = Math.floor(Date.parse('2026-11-27T10:00:00Z') / STEP_MS) * STEP_MS + STEP_MS / 2;
const stepNow = now / STEP_MS - 0.5;

describe('TOTP codes (RFC 6238)', () => {
  const secret = newTotpSecret();

  it('accepts the code of this step and of one step either side, and no further', () => {
    expect(totpStepToAccept(secret, totpCode(secret, now), null, now)).toBe(stepNow);
    expect(totpStepToAccept(secret, totpCode(secret, now - STEP_MS), null, now)).toBe(stepNow - 1);
    expect(totpStepToAccept(secret, totpCode(secret, now + STEP_MS), null, now)).toBe(stepNow + 1);
    expect(totpStepToAccept(secret, totpCode(secret, now - 2 * STEP_MS), null, now)).toBeNull();
    expect(totpStepToAccept(secret, totpCode(secret, now + 2 * STEP_MS), null, now)).toBeNull();
  });

  it('takes a code once: not again within its window, nor an earlier step after a later one', () => {
    const code = totpCode(secret, now);
    const step = totpStepToAccept(secret, code, null, now);
    expect(step).not.toBeNull();
    expect(totpStepToAccept(secret, code, step, now)).toBeNull();
    expect(totpStepToAccept(secret, code, step, now + STEP_MS / 3)).toBeNull();
    expect(totpStepToAccept(secret, totpCode(secret, now - STEP_MS), step, now)).toBeNull();
    expect(totpStepToAccept(secret, totpCode(secret, now + STEP_MS), step, now + STEP_MS)).toBe(stepNow + 1);
  });

  it('refuses what is not six digits, and another secret’s code', () => {
    expect(totpStepToAccept(secret, '12345', null, now)).toBeNull();
    expect(totpStepToAccept(secret, 'abcdef', null, now)).toBeNull();
    const other = newTotpSecret();
    expect(totpStepToAccept(secret, totpCode(other, now), null, now)).toBeNull();
    // Spaces people type between the groups are fine.
    const code = totpCode(secret, now);
    expect(totpStepToAccept(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, now)).toBe(stepNow);
  });

  it('writes the secret into an otpauth address that authenticator apps read', () => {
    const uri = new URL(totpUri(secret, 'Pixel Press Studio', 'staff@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('recovery codes', () => {
  it('are 80 random bits, grouped for reading, and never alike', () => {
    const codes = Array.from({ length: 1000 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(RECOVERY_CODE_COUNT).toBe(10);
  });

  it('read the same typed in lower case, with spaces or without dashes', () => {
    const code = newRecoveryCode();
    const plain = code.replace(/-/g, '');
    expect(normalizeRecoveryCode(code.toLowerCase())).toBe(plain);
    expect(normalizeRecoveryCode(` ${code.replace(/-/g, ' ')} `)).toBe(plain);
  });
});

describe('TOTP secrets at rest', () => {
  it('open only for the member they were sealed for, unaltered', () => {
    const sealed = sealSecret('staff1', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret('staff1', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret('staff2', sealed)).toBeNull();
    const [v, nonce, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(openSecret('staff1', [v, nonce, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    expect(sealSecret('staff1', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });
});

describe('trusted browsers', () => {
  const member = { id: 'staffa', securityStamp: 'stamp-1' };

  it('are trusted for the member they were issued to, for 30 days', () => {
    const token = issueTrustedBrowser(member, now);
    expect(isTrustedBrowserOf(token, member, now)).toBe(true);
    expect(isTrustedBrowserOf(token, member, now + (TRUSTED_BROWSER_SECONDS - 60) * 1000)).toBe(true);
    expect(isTrustedBrowserOf(token, member, now + (TRUSTED_BROWSER_SECONDS + 1) * 1000)).toBe(false);
  });

  it('are not trusted for another member, after a security change, or altered', () => {
    const token = issueTrustedBrowser(member, now);
    expect(isTrustedBrowserOf(token, { id: 'staffb', securityStamp: 'stamp-1' }, now)).toBe(false);
    expect(isTrustedBrowserOf(token.replace('staffa', 'staffb'), { id: 'staffb', securityStamp: 'stamp-1' }, now)).toBe(false);
    expect(isTrustedBrowserOf(token, { ...member, securityStamp: 'stamp-2' }, now)).toBe(false);
    expect(isTrustedBrowserOf(`${token.slice(0, -2)}xx`, member, now)).toBe(false);
    expect(isTrustedBrowserOf(null, member, now)).toBe(false);
  });
});
