// Ten single-use recovery codes for a lost authenticator. 80 random bits each
// (16 characters of a 32-letter alphabet without 0/O/1/I), so a SHA-256 of the
// code is as safe to store as a slow hash would be, and a code is looked up
// by its hash in one indexed read.
import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Prisma } from '@/lib/infra/db';
import { hashSecret } from './sessions';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 16;

/** Upper-case letters and digits only: people type codes with spaces, dashes or in lower case. */
export const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function newRecoveryCode(): string {
  // 256 is a multiple of 32: every letter is equally likely.
  const letters = [...randomBytes(LENGTH)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return letters.match(/.{4}/g)!.join('-');
}

/** Ten new codes replacing the member's old ones; only their hashes are kept. */
export async function replaceRecoveryCodes(tx: Prisma.TransactionClient, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.staffRecoveryCode.deleteMany({ where: { staffId } });
  await tx.staffRecoveryCode.createMany({ data: codes.map((code) => ({ staffId, codeHash: hashSecret(normalizeRecoveryCode(code)) })) });
  return codes;
}

/** Uses up one of the member's codes; false when it is not theirs or was used (two requests racing with one code: one wins). */
export async function spendRecoveryCode(tx: Prisma.TransactionClient, staffId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== LENGTH) return false;
  const used = await tx.staffRecoveryCode.updateMany({ where: { staffId, codeHash: hashSecret(normalized), usedAt: null }, data: { usedAt: new Date() } });
  return used.count === 1;
}

export async function countUnusedRecoveryCodes(client: Prisma.TransactionClient, staffId: string): Promise<number> {
  return client.staffRecoveryCode.count({ where: { staffId, usedAt: null } });
}
