// Account emails: password reset and address verification. Links are built
// from the configured site URL, never from the request's Host header.
import 'server-only';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';
import { sendEmail } from '@/lib/infra/email';
import { getShopName } from '@/lib/domain/shop-identity';
import { issueToken } from './tokens';

const site = () => env().SITE_URL.replace(/\/+$/, '');

export async function sendPasswordResetEmail(user: { id: string; email: string; name: string }): Promise<void> {
  const shopName = await getShopName();
  const token = await issueToken(user.id, 'reset');
  const link = `${site()}/reset-password?token=${token}`;
  const subject = `Reset your ${shopName} password`;
  await sendEmail({
    fromName: shopName,
    to: user.email,
    subject,
    text: [
      `Hi ${user.name},`,
      '',
      'Someone asked to reset the password of your account. If it was you, open this link within 1 hour:',
      link,
      '',
      'If it was not you, ignore this email: your password stays the same.',
    ].join('\n'),
  });
  await db().emailLog.create({ data: { kind: 'password_reset', recipientEmail: user.email, subject } });
}

export async function sendVerificationEmail(user: { id: string; email: string; name: string }): Promise<void> {
  const shopName = await getShopName();
  const token = await issueToken(user.id, 'verify');
  const link = `${site()}/verify-email?token=${token}`;
  const subject = `Confirm your email for ${shopName}`;
  await sendEmail({
    fromName: shopName,
    to: user.email,
    subject,
    text: [`Hi ${user.name},`, '', 'Welcome! Confirm this is your address to see orders and gift vouchers sent to it in My Orders:', link].join('\n'),
  });
  await db().emailLog.create({ data: { kind: 'email_verification', recipientEmail: user.email, subject } });
}

/** Always the same outcome for the caller; an email goes out only when the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await db().user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) return;
  // Not awaited: the response must not take longer when the account exists.
  void sendPasswordResetEmail(user).catch((error) => console.error('[accounts] reset email failed', error instanceof Error ? error.message : error));
}
