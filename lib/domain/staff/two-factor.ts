// Two-factor sign-in with TOTP (RFC 6238): enrolment shows a secret as a QR
// code and as text; the first code from the app turns it on and gives ten
// recovery codes. A code is accepted once: the step it belongs to must be later
// than the last step accepted, checked and recorded in one statement, so a code
// seen over a shoulder or replayed by a second request is refused.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid } from '@/lib/domain/errors';
import { db, type Prisma } from '@/lib/infra/db';
import { verifyPassword } from '@/lib/infra/auth/passwords';
import { newTotpSecret, qrCodeDataUrl, totpStepOf, totpUri } from '@/lib/infra/auth/totp';
import { getShopName } from '@/lib/domain/shop-identity';
import { limitStaffCheck } from './limits';
import { replaceRecoveryCodes } from './recovery-codes';
import { openSecret, sealSecret } from './secret-box';
import { twoFactorRequiredFor, type StaffActor } from './sessions';

/** Codes one step either side of now are accepted: clocks drift, and people type slowly. */
export const TOTP_WINDOW_STEPS = 1;

export const newSecurityStamp = () => randomBytes(16).toString('base64url');

type TotpHolder = { id: string; totpSecret: string | null };

/**
 * The step a code would be accepted at: 6 digits, matching a step within the
 * window of `now`, and later than `lastStep`, the last one accepted. Null
 * otherwise; a code is good once, and so is every code of an earlier step.
 */
export function totpStepToAccept(secretBase32: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const step = totpStepOf(secretBase32, digits, TOTP_WINDOW_STEPS, now);
  return step === null || (lastStep !== null && step <= lastStep) ? null : step;
}

/** Accepts a code once, recording its step in the same statement that checks it (two requests with one code: one wins). */
export async function acceptTotpCode(
  client: Prisma.TransactionClient,
  staff: TotpHolder & { totpLastStep: number | null },
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const secret = staff.totpSecret ? openSecret(staff.id, staff.totpSecret) : null;
  const step = secret ? totpStepToAccept(secret, code, staff.totpLastStep, now) : null;
  if (step === null) return false;
  const claimed = await client.staff.updateMany({
    where: { id: staff.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return claimed.count === 1;
}

export type Enrolment = { secret: string; otpauthUrl: string; qrCode: string };

/** A new secret waiting for its first code; replaces any earlier unconfirmed one. */
export async function startTwoFactorEnrolment(actor: StaffActor): Promise<Enrolment> {
  const staff = await db().staff.findUniqueOrThrow({ where: { id: actor.staffId }, select: { totpEnabledAt: true } });
  if (staff.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on');
  const secret = newTotpSecret();
  await db().staff.update({ where: { id: actor.staffId }, data: { totpSecret: sealSecret(actor.staffId, secret), totpLastStep: null } });
  const otpauthUrl = totpUri(secret, await getShopName(), actor.username);
  return { secret, otpauthUrl, qrCode: await qrCodeDataUrl(otpauthUrl) };
}

const WRONG_APP_CODE = 'That code is not right. Check the time on your device and try the newest code.';

/**
 * A change that needs a current code from the app: counted against the
 * member's checks, the code accepted once, and the change made, all in one
 * transaction; the answer is ten new recovery codes, shown once.
 */
async function withAppCode(actor: StaffActor, code: string, enabling: boolean, action: string): Promise<string[]> {
  await limitStaffCheck(actor.staffId);
  return db().$transaction(async (tx) => {
    const staff = await tx.staff.findUniqueOrThrow({
      where: { id: actor.staffId },
      select: { id: true, totpSecret: true, totpEnabledAt: true, totpLastStep: true },
    });
    if (enabling && staff.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on');
    if (!enabling && !staff.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is off');
    if (!staff.totpSecret) throw new AppError('conflict', 'Start the set-up again');
    if (!(await acceptTotpCode(tx, staff, code))) throw invalid(WRONG_APP_CODE, { code: ['Wrong code'] });
    // Other browsers were trusted without this factor; they must now show it.
    if (enabling) await tx.staff.update({ where: { id: staff.id }, data: { totpEnabledAt: new Date(), securityStamp: newSecurityStamp() } });
    const codes = await replaceRecoveryCodes(tx, staff.id);
    await recordAudit(tx, actor.username, action, actor.staffId);
    return codes;
  });
}

/** The first code from the app turns two-factor sign-in on. */
export const confirmTwoFactorEnrolment = (actor: StaffActor, code: string) => withAppCode(actor, code, true, 'staff.two_factor_on');

/** New recovery codes (the old ones stop working), for a current code from the app. */
export const regenerateRecoveryCodes = (actor: StaffActor, code: string) => withAppCode(actor, code, false, 'staff.recovery_codes');

/** Turns two-factor sign-in off with the member's password; refused where their role must keep it. */
export async function disableTwoFactor(actor: StaffActor, password: string): Promise<void> {
  if (twoFactorRequiredFor(actor.role)) {
    throw new AppError('forbidden', 'Owners and managers must keep two-factor sign-in on');
  }
  await limitStaffCheck(actor.staffId);
  const staff = await db().staff.findUniqueOrThrow({ where: { id: actor.staffId }, select: { passwordHash: true } });
  if (!(await verifyPassword(staff.passwordHash, password))) throw invalid('The password is not right', { password: ['Wrong password'] });
  await db().$transaction(async (tx) => {
    await tx.staff.update({
      where: { id: actor.staffId },
      data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, securityStamp: newSecurityStamp() },
    });
    await tx.staffRecoveryCode.deleteMany({ where: { staffId: actor.staffId } });
    await recordAudit(tx, actor.username, 'staff.two_factor_off', actor.staffId);
  });
}
