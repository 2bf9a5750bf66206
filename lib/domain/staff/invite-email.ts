// The invitation email, sent by a durable job queued with the invitation. The
// link's token is made here, when the email is written, so the raw token lives
// only in the email: the queue holds the member's id, the database the token's
// hash. A job that runs again (a worker died after sending) makes a new link,
// which replaces the first: single use either way.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';
import { retryWhileUnavailable } from '@/lib/infra/db/unavailable';
import { sendEmail } from '@/lib/infra/email';
import { getShopName } from '@/lib/domain/shop-identity';
import { INVITE_TTL_SECONDS } from './members';
import { hashSecret } from './sessions';

const site = () => env().SITE_URL.replace(/\/+$/, '');

const ROLE_WORDS: Record<string, string> = {
  manager: 'a manager (everything but staff and business settings)',
  support: 'support (orders, customers, refunds, emails and vouchers)',
  catalogue: 'catalogue (products, bundles, uploads, categories, tags and sales)',
};

export async function sendStaffInvitation(staffId: string): Promise<void> {
  const staff = await db().staff.findUnique({
    where: { id: staffId },
    select: { email: true, name: true, role: true, invitedBy: true, passwordHash: true, removedAt: true },
  });
  // Accepted, removed or never an invitee: nothing to send.
  if (!staff?.email || staff.passwordHash || staff.removedAt) return;
  const token = randomBytes(32).toString('base64url');
  await db().staff.update({
    where: { id: staffId },
    data: { inviteTokenHash: hashSecret(token), inviteExpiresAt: new Date(Date.now() + INVITE_TTL_SECONDS * 1000) },
  });
  const link = `${site()}/admin/set-password?token=${token}`;
  const shopName = await getShopName();
  const subject = `You are invited to the ${shopName} back office`;
  await sendEmail({
    to: staff.email,
    subject,
    text: [
      `Hi ${staff.name},`,
      '',
      `${staff.invitedBy ?? 'The owner'} has invited you to the ${shopName} back office as ${ROLE_WORDS[staff.role] ?? staff.role}.`,
      'Choose your password with this link within 7 days (it works once):',
      link,
      '',
      `Then sign in at ${site()}/admin/login with this email address.`,
      'If you did not expect this, ignore this email.',
    ].join('\n'),
  });
  await retryWhileUnavailable(() => db().emailLog.create({ data: { kind: 'staff_invite', recipientEmail: staff.email!, subject } }));
}
