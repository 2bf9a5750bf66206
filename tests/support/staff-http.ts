// Staff over HTTP, as a person does it: the owner invites, the email's link
// sets the password, the member signs in (and enrols a second factor with a
// code computed from the shown secret, as an authenticator app would).
import { randomBytes } from 'node:crypto';
import { adminLoginResponse } from '@/lib/contract/admin';
import { recoveryCodesResponse, staffResponse, twoFactorEnrolmentResponse, twoFactorRequiredResponse } from '@/lib/contract/staff';
import { totpCode } from '@/lib/infra/auth/totp';
import type { AssignableRole } from '@/lib/staff-permissions';
import { waitForMail } from './mail';

const shopUrl = () => process.env.SHOP_URL as string;
export const STAFF_PASSWORD = 'staff passphrase for tests';

export type StaffMember = { id: string; email: string; token: string; auth: Record<string, string>; cookie: string };

async function post(path: string, body: unknown, auth: Record<string, string> = {}, method = 'POST') {
  const res = await fetch(`${shopUrl()}${path}`, { method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return { body: JSON.parse(text) as unknown, headers: res.headers };
}

/** Signs in with a password alone; the member must have no second factor. */
export async function staffSignIn(username: string, password = STAFF_PASSWORD): Promise<{ token: string; cookie: string }> {
  const { body, headers } = await post('/api/auth/login', { username, password });
  const { token } = adminLoginResponse.parse(body);
  const cookie = headers
    .getSetCookie()
    .find((c) => c.startsWith('shop_admin='))!
    .split(';')[0];
  return { token, cookie };
}

/** The token of the set-password link the newest invitation to `email` carries. */
export async function invitationToken(email: string): Promise<string> {
  const mail = await waitForMail(email);
  const link = /\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!link) throw new Error(`the email to ${email} has no set-password link`);
  return link[1];
}

/** A new member of `role`, invited by `ownerAuth`, with a password and a session. */
export async function inviteStaffMember(ownerAuth: Record<string, string>, role: AssignableRole, label: string = role): Promise<StaffMember> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const { body } = await post('/api/admin/staff', { email, name: `Test ${label}`, role }, ownerAuth);
  const { id } = staffResponse.parse(body);
  await post('/api/auth/accept-invite', { token: await invitationToken(email), new_password: STAFF_PASSWORD });
  const { token, cookie } = await staffSignIn(email);
  return { id, email, token, cookie, auth: { authorization: `Bearer ${token}` } };
}

/** Turns two-factor sign-in on for the member; the secret and recovery codes come back. */
export async function enrolTwoFactor(member: StaffMember): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = twoFactorEnrolmentResponse.parse((await post('/api/admin/account/two-factor', {}, member.auth)).body);
  // The previous step's code: sign-ins right after use this step's.
  const code = totpCode(secret, Date.now() - 30_000);
  const { recovery_codes } = recoveryCodesResponse.parse((await post('/api/admin/account/two-factor/confirm', { code }, member.auth)).body);
  return { secret, recoveryCodes: recovery_codes };
}

/** The password step of a member with a second factor: the challenge. */
export async function challengeFor(email: string, headers: Record<string, string> = {}): Promise<string> {
  const { body } = await post('/api/auth/login', { username: email, password: STAFF_PASSWORD }, headers);
  return twoFactorRequiredResponse.parse(body).challenge;
}
