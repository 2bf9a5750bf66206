// Emailed single-use tokens: 32 random bytes, only the SHA-256 hash stored.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { db, Prisma } from '@/lib/infra/db';

export type TokenPurpose = 'reset' | 'verify';

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = { reset: 60 * 60, verify: 7 * 24 * 60 * 60 };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db().passwordResetToken.create({
    data: { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000) },
  });
  return token;
}

const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** The user of a token that could still be used, without using it; null otherwise. */
export async function findTokenUser(token: string, purpose: TokenPurpose): Promise<string | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db().passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
  return row && row.purpose === purpose && !row.usedAt && row.expiresAt > new Date() ? row.userId : null;
}

/** Marks the token used and returns its user id; null when unknown, used, expired or of another purpose. */
export async function consumeToken(tx: Prisma.TransactionClient, token: string, purpose: TokenPurpose): Promise<string | null> {
  if (!isTokenShaped(token)) return null;
  const row = await tx.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.purpose !== purpose) return null;
  // Conditional update: two requests racing with one token cannot both win.
  const used = await tx.passwordResetToken.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  return used.count === 1 ? row.userId : null;
}

/** Links past their expiry, used or not: nothing can use them any more (the expired-rows job). */
export async function deleteExpiredTokens(): Promise<number> {
  return (await db().passwordResetToken.deleteMany({ where: { expiresAt: { lte: new Date() } } })).count;
}
