// Staff (Decision 084) on a real database: an invitation to a first sign-in,
// role changes and removals ending sessions at once, and the second step's
// limits (5 minutes, 5 codes, one use per code), trusted browsers and the
// audit log with its streamed CSV.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandlers } from '@/lib/domain/background-work';
import { auditCsv, listAudit } from '@/lib/domain/audit';
import { openJobQueue, runDueJobs, stopJobWorker } from '@/lib/domain/jobs';
import {
  acceptInvitation,
  CHALLENGE_ENDED,
  changeOwnPassword,
  changeStaffRole,
  confirmTwoFactorEnrolment,
  findInvitation,
  getAdminSession,
  inviteStaff,
  issueTrustedBrowser,
  removeStaff,
  signInWithPassword,
  signInWithSecondFactor,
  startTwoFactorEnrolment,
  WRONG_CODE,
  type StaffActor,
} from '@/lib/domain/staff';
import { totpCode } from '@/lib/infra/auth/totp';
import { db } from '@/lib/infra/db';
import { staffSessionToken } from '../support/staff';

const run = randomBytes(4).toString('hex');
const PASSWORD = 'a long staff passphrase';
const client = { ip: '127.0.0.9', userAgent: 'integration' };
let owner: StaffActor;

beforeAll(async () => {
  registerJobHandlers();
  await openJobQueue();
  owner = (await getAdminSession(await staffSessionToken()))!;
});

afterAll(async () => {
  await stopJobWorker();
});

async function signIn(username: string, password = PASSWORD, trustedBrowser: string | null = null) {
  // Each sign-in from its own address: the per-client limit is not what is under test.
  const attempt = { ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, device: null };
  return signInWithPassword({ username, password, trustedBrowser }, attempt, client);
}

async function sessionOf(username: string, password = PASSWORD): Promise<string> {
  const outcome = await signIn(username, password);
  if (!outcome || !('session' in outcome)) throw new Error(`no session for ${username}`);
  return outcome.session.token;
}

/** The set-password link of the newest invitation emailed to `email`. */
async function invitationLink(email: string): Promise<URL> {
  const mail = await db().outboxEmail.findFirst({ where: { to: email }, orderBy: { createdAt: 'desc' } });
  const link = mail?.text.match(/https?:\/\/\S+\/admin\/set-password\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation email to ${email}`);
  return new URL(link);
}

async function invitedMember(label: string, role: 'manager' | 'support' | 'catalogue') {
  const email = `${label}-${run}@example.com`;
  const record = await inviteStaff(owner, { email, name: `Staff ${label}`, role });
  await runDueJobs();
  const token = (await invitationLink(email)).searchParams.get('token')!;
  await acceptInvitation(token, PASSWORD, '127.0.0.9');
  return { ...record, email };
}

async function enrolled(label: string) {
  const member = await invitedMember(label, 'support');
  const actor = (await getAdminSession(await sessionOf(member.email)))!;
  const { secret } = await startTwoFactorEnrolment(actor);
  // The code of the previous step: the sign-ins below use this step's and the next.
  const recoveryCodes = await confirmTwoFactorEnrolment(actor, totpCode(secret, Date.now() - 30_000));
  return { ...member, secret, recoveryCodes };
}

describe('an invitation', () => {
  it('emails a single-use set-password link on the site, after which the member signs in with their role', async () => {
    const email = `invitee-${run}@example.com`;
    const invited = await inviteStaff(owner, { email: email.toUpperCase(), name: 'Invitee', role: 'support' });
    expect(invited).toMatchObject({ username: email, status: 'invited', role: 'support' });
    expect(await signIn(email, 'anything at all')).toBeNull();

    await runDueJobs();
    const link = await invitationLink(email);
    expect(link.origin).toBe(new URL(process.env.SITE_URL ?? 'http://localhost:3000').origin);
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await db().staff.findUniqueOrThrow({ where: { username: email } });
    expect(row.inviteTokenHash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await findInvitation(token)).toEqual({ name: 'Invitee', username: email });

    await expect(acceptInvitation(token, 'short', '127.0.0.9')).rejects.toThrow('at least 12 characters');
    expect(await acceptInvitation(token, PASSWORD, '127.0.0.9')).toEqual({ username: email });
    await expect(acceptInvitation(token, 'another long passphrase', '127.0.0.9')).rejects.toThrow('invalid or has expired');
    expect(await findInvitation(token)).toBeNull();

    const actor = await getAdminSession(await sessionOf(email));
    expect(actor).toMatchObject({ username: email, role: 'support', twoFactorEnabled: false });
    const log = await db().emailLog.findFirst({ where: { recipientEmail: email, kind: 'staff_invite' } });
    expect(log).not.toBeNull();
  });

  it('refuses a link past its 7 days, and a second member with the same email', async () => {
    const email = `late-${run}@example.com`;
    await inviteStaff(owner, { email, name: 'Late', role: 'catalogue' });
    await runDueJobs();
    const token = (await invitationLink(email)).searchParams.get('token')!;
    await db().staff.update({ where: { username: email }, data: { inviteExpiresAt: new Date(Date.now() - 1000) } });
    await expect(acceptInvitation(token, PASSWORD, '127.0.0.9')).rejects.toThrow('invalid or has expired');
    await expect(inviteStaff(owner, { email, name: 'Again', role: 'support' })).rejects.toThrow('already exists');
  });
});

describe('role changes and removals', () => {
  it('end the member’s sessions at once; the new role applies at the next sign-in', async () => {
    const member = await invitedMember('promoted', 'support');
    const [first, second] = [await sessionOf(member.email), await sessionOf(member.email)];
    expect(await getAdminSession(first)).toMatchObject({ role: 'support' });

    await changeStaffRole(owner, member.id, 'catalogue');
    expect(await getAdminSession(first)).toBeNull();
    expect(await getAdminSession(second)).toBeNull();
    expect(await getAdminSession(await sessionOf(member.email))).toMatchObject({ role: 'catalogue' });
    const audit = await listAudit({ actor: owner.username, action: 'staff.role' }, { limit: 5, offset: 0 });
    expect(audit.entries[0]).toMatchObject({ target: member.username, details: { from: 'support', to: 'catalogue', sessions_ended: 2 } });
  });

  it('removal ends every session and sign-in, and the name is never given to anyone else', async () => {
    const member = await invitedMember('removed', 'catalogue');
    const token = await sessionOf(member.email);
    await removeStaff(owner, member.id);
    expect(await getAdminSession(token)).toBeNull();
    expect(await signIn(member.email)).toBeNull();
    const row = await db().staff.findUniqueOrThrow({ where: { id: member.id } });
    expect(row.removedAt).not.toBeNull();
    // Invited again, the same row comes back with nothing of the old account.
    const again = await inviteStaff(owner, { email: member.email, name: 'Back', role: 'support' });
    expect(again).toMatchObject({ id: member.id, status: 'invited', twoFactorEnabled: false });
  });

  it('never changes or removes the owner', async () => {
    await expect(changeStaffRole(owner, owner.staffId, 'support')).rejects.toThrow("owner's account");
    await expect(removeStaff(owner, owner.staffId)).rejects.toThrow("owner's account");
  });

  it('a new password ends the member’s other sessions but not this one', async () => {
    const member = await invitedMember('password', 'support');
    const [kept, other] = [await sessionOf(member.email), await sessionOf(member.email)];
    const actor = (await getAdminSession(kept))!;
    await expect(changeOwnPassword(actor, 'wrong password here', 'a brand new passphrase')).rejects.toThrow('not right');
    await changeOwnPassword(actor, PASSWORD, 'a brand new passphrase');
    expect(await getAdminSession(kept)).not.toBeNull();
    expect(await getAdminSession(other)).toBeNull();
    expect(await signIn(member.email)).toBeNull();
    expect(await signIn(member.email, 'a brand new passphrase')).toHaveProperty('session');
  });
});

describe('the second step', () => {
  const challengeOf = async (email: string, trusted: string | null = null) => {
    const outcome = await signIn(email, PASSWORD, trusted);
    if (!outcome || !('challenge' in outcome)) throw new Error('expected a challenge');
    return outcome.challenge;
  };

  it('takes 5 codes at most, even sent at once, and then not the right one', async () => {
    const member = await enrolled('five');
    const challenge = await challengeOf(member.email);
    const tries = await Promise.allSettled(Array.from({ length: 8 }, () => signInWithSecondFactor(challenge, '000000', client)));
    const messages = tries.map((t) => (t.status === 'rejected' ? (t.reason as Error).message : 'signed in'));
    expect(messages.filter((m) => m === WRONG_CODE)).toHaveLength(5);
    expect(messages.filter((m) => m === CHALLENGE_ENDED)).toHaveLength(3);
    await expect(signInWithSecondFactor(challenge, totpCode(member.secret), client)).rejects.toThrow(CHALLENGE_ENDED);
    expect((await db().signInChallenge.findFirstOrThrow({ where: { staffId: member.id } })).attempts).toBe(5);
  });

  it('lives 5 minutes', async () => {
    const member = await enrolled('expiry');
    const challenge = await challengeOf(member.email);
    const row = await db().signInChallenge.findFirstOrThrow({ where: { staffId: member.id } });
    // createdAt is the database's clock, expiresAt the server's.
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 5 * 60 * 1000)).toBeLessThan(2000);
    await db().signInChallenge.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    await expect(signInWithSecondFactor(challenge, totpCode(member.secret), client)).rejects.toThrow(CHALLENGE_ENDED);
  });

  it('signs in with a code once: the same code on a new sign-in is refused', async () => {
    const member = await enrolled('replay');
    const code = totpCode(member.secret);
    const { session } = await signInWithSecondFactor(await challengeOf(member.email), code, client);
    expect(await getAdminSession(session.token)).toMatchObject({ username: member.username, twoFactorEnabled: true });
    await expect(signInWithSecondFactor(await challengeOf(member.email), code, client)).rejects.toThrow(WRONG_CODE);
    const challenge = await challengeOf(member.email);
    await expect(signInWithSecondFactor(challenge, 'nope', client)).rejects.toThrow(WRONG_CODE);
  });

  it('takes each recovery code once, typed any way', async () => {
    const member = await enrolled('recovery');
    expect(member.recoveryCodes).toHaveLength(10);
    const code = member.recoveryCodes[3];
    await signInWithSecondFactor(await challengeOf(member.email), code.toLowerCase().replace(/-/g, ' '), client);
    await expect(signInWithSecondFactor(await challengeOf(member.email), code, client)).rejects.toThrow(WRONG_CODE);
    const hashes = await db().staffRecoveryCode.findMany({ where: { staffId: member.id } });
    expect(hashes).toHaveLength(10);
    for (const stored of hashes) expect(member.recoveryCodes.join()).not.toContain(stored.codeHash);
  });

  it('stops a member’s codes at 10 per 15 minutes over every sign-in', async () => {
    const member = await enrolled('spread');
    for (let i = 0; i < 2; i++) {
      const challenge = await challengeOf(member.email);
      for (let j = 0; j < 5; j++) await expect(signInWithSecondFactor(challenge, '000000', client)).rejects.toThrow(WRONG_CODE);
    }
    await expect(signInWithSecondFactor(await challengeOf(member.email), totpCode(member.secret), client)).rejects.toThrow('Too many attempts');
  });

  it('skips the code on a browser the member trusted, and only for that member until their next security change', async () => {
    const member = await enrolled('trusted');
    const other = await enrolled('stranger');
    const stamp = async (id: string) => (await db().staff.findUniqueOrThrow({ where: { id } })).securityStamp;
    const trusted = issueTrustedBrowser({ id: member.id, securityStamp: await stamp(member.id) });
    expect(await signIn(member.email, PASSWORD, trusted)).toHaveProperty('session');
    expect(await signIn(member.email, 'wrong password, trusted browser', trusted)).toBeNull();
    expect(await signIn(other.email, PASSWORD, trusted)).toHaveProperty('challenge');

    const { session } = await signInWithSecondFactor(await challengeOf(member.email), totpCode(member.secret), client);
    const actor = (await getAdminSession(session.token))!;
    await changeOwnPassword(actor, PASSWORD, PASSWORD + ' again');
    const after = await signInWithPassword(
      { username: member.email, password: PASSWORD + ' again', trustedBrowser: trusted },
      { ip: '10.8.0.1', device: null },
      client,
    );
    expect(after).toHaveProperty('challenge');
  });
});

describe('the audit log', () => {
  it('names the member who acted, filters by person, action and date, and exports every row as CSV', async () => {
    const member = await invitedMember('auditor', 'manager');
    const actor = (await getAdminSession(await sessionOf(member.email)))!;
    const rows = Array.from({ length: 2500 }, (_, i) => ({ actor: actor.username, action: 'test.bulk', target: i === 0 ? '=cmd|calc' : `t${i}` }));
    await db().auditLog.createMany({ data: rows });

    const page = await listAudit({ actor: actor.username }, { limit: 10, offset: 0 });
    expect(page.total).toBe(2500 + 2); // the invitation's acceptance and the sign-in
    expect(page.entries.every((e) => e.actor === actor.username)).toBe(true);
    expect((await listAudit({ action: 'staff.invite', actor: owner.username }, { limit: 1, offset: 0 })).total).toBeGreaterThan(0);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await listAudit({ actor: actor.username, from: tomorrow }, { limit: 1, offset: 0 })).total).toBe(0);

    const csv = await new Response(auditCsv({ actor: actor.username, action: 'test.bulk' })).text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,staff,action,target,details');
    expect(lines).toHaveLength(2501);
    expect(csv).toContain(`"'=cmd|calc"`);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[3])).size).toBe(2500);
  });
});
