// The contract of the staff routes (Decision 084): sign-in's second step,
// invitations, roles and removal, one's own account, and the audit log.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLoginResponse } from '@/lib/contract/admin';
import { successResponse } from '@/lib/contract/common';
import {
  acceptInviteResponse,
  adminSessionResponse,
  auditResponse,
  recoveryCodesResponse,
  staffListResponse,
  staffResponse,
  staffSessionsResponse,
  twoFactorEnrolmentResponse,
  twoFactorRequiredResponse,
} from '@/lib/contract/staff';
import { totpCode } from '@/lib/infra/auth/totp';
import { adminToken, call, unique } from '../security/helpers';
import { challengeFor, enrolTwoFactor, invitationToken, inviteStaffMember, staffSignIn, STAFF_PASSWORD } from '../support/staff-http';
import { expectError, expectShape } from './helpers';

let owner: Record<string, string>;

beforeAll(async () => {
  owner = { authorization: `Bearer ${await adminToken()}` };
});

describe('POST /api/admin/staff and the invitation', () => {
  it('invites (201), lists the member as invited, and takes the link once at POST /api/auth/accept-invite', async () => {
    const email = `contract-${unique()}@example.com`;
    const created = await call('POST', '/api/admin/staff', { headers: owner, json: { email, name: 'Contract', role: 'catalogue' } });
    expect(created.status, created.text).toBe(201);
    expect(expectShape(staffResponse, created.body)).toMatchObject({ email, username: email, role: 'catalogue', status: 'invited', two_factor_enabled: false });
    const list = expectShape(staffListResponse, (await call('GET', '/api/admin/staff', { headers: owner })).body);
    expect(list.find((m) => m.email === email)?.status).toBe('invited');
    expect(list.find((m) => m.role === 'owner')).toBeDefined();

    const token = await invitationToken(email);
    expectError(await call('POST', '/api/auth/accept-invite', { json: { token, new_password: 'short' } }), 400, 'invalid_request');
    const accepted = await call('POST', '/api/auth/accept-invite', { json: { token, new_password: STAFF_PASSWORD } });
    expect(expectShape(acceptInviteResponse, accepted.body)).toEqual({ success: true, username: email });
    expectError(await call('POST', '/api/auth/accept-invite', { json: { token, new_password: STAFF_PASSWORD } }), 400, 'invalid_request');
    expectError(await call('POST', '/api/auth/accept-invite', { json: {} }), 400, 'invalid_request');
  });

  it('refuses a missing field, an unknown role, the owner role and a taken email', async () => {
    expectError(await call('POST', '/api/admin/staff', { headers: owner, json: { name: 'x', role: 'support' } }), 400, 'invalid_request');
    for (const role of ['owner', 'admin']) {
      expectError(
        await call('POST', '/api/admin/staff', { headers: owner, json: { email: `r-${unique()}@example.com`, name: 'x', role } }),
        400,
        'invalid_request',
      );
    }
    const email = `twice-${unique()}@example.com`;
    expect((await call('POST', '/api/admin/staff', { headers: owner, json: { email, name: 'x', role: 'support' } })).status).toBe(201);
    expectError(await call('POST', '/api/admin/staff', { headers: owner, json: { email, name: 'y', role: 'support' } }), 409, 'conflict');
  });
});

describe('PUT and DELETE /api/admin/staff/{id}, POST …/invite', () => {
  it('changes a role, resends a pending invitation, removes, and answers 404 for unknown ids', async () => {
    const member = await inviteStaffMember(owner, 'support', 'contract-role');
    const changed = await call('PUT', `/api/admin/staff/${member.id}`, { headers: owner, json: { role: 'manager' } });
    expect(expectShape(staffResponse, changed.body).role).toBe('manager');
    expectError(await call('POST', `/api/admin/staff/${member.id}/invite`, { headers: owner }), 409, 'conflict');
    expectShape(successResponse, (await call('DELETE', `/api/admin/staff/${member.id}`, { headers: owner })).body);
    expectError(await call('DELETE', `/api/admin/staff/${member.id}`, { headers: owner }), 404, 'not_found');
    expectError(await call('PUT', '/api/admin/staff/nosuchmember', { headers: owner, json: { role: 'support' } }), 404, 'not_found');

    const pending = await call('POST', '/api/admin/staff', { headers: owner, json: { email: `pending-${unique()}@example.com`, name: 'P', role: 'support' } });
    const { id } = expectShape(staffResponse, pending.body);
    expect((await call('POST', `/api/admin/staff/${id}/invite`, { headers: owner })).status).toBe(202);
  });
});

describe('one’s own account', () => {
  it('GET /api/admin/session names the role and its permissions', async () => {
    const member = await inviteStaffMember(owner, 'support', 'contract-me');
    const me = expectShape(adminSessionResponse, (await call('GET', '/api/admin/session', { headers: member.auth })).body);
    expect(me).toMatchObject({ username: member.email, role: 'support', two_factor_enabled: false, must_enrol_two_factor: false });
    expect(me.permissions).toEqual(['orders', 'customers', 'reviews', 'refunds', 'emails', 'vouchers', 'account']);
  });

  it('lists and ends sessions, and changes the password with the current one', async () => {
    const member = await inviteStaffMember(owner, 'catalogue', 'contract-sessions');
    const other = await staffSignIn(member.email);
    const sessions = expectShape(staffSessionsResponse, (await call('GET', '/api/admin/account/sessions', { headers: member.auth })).body);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const otherId = sessions.find((s) => !s.current)!.id;
    expectShape(successResponse, (await call('DELETE', `/api/admin/account/sessions/${otherId}`, { headers: member.auth })).body);
    expect((await call('GET', '/api/admin/session', { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(401);
    expectError(await call('DELETE', `/api/admin/account/sessions/${otherId}`, { headers: member.auth }), 404, 'not_found');

    const wrong = expectError(
      await call('PUT', '/api/admin/account/password', { headers: member.auth, json: { current_password: 'nope nope nope', new_password: 'x'.repeat(14) } }),
      400,
      'invalid_request',
    );
    expect(wrong.fields).toHaveProperty('current_password');
    const ok = await call('PUT', '/api/admin/account/password', {
      headers: member.auth,
      json: { current_password: STAFF_PASSWORD, new_password: `${STAFF_PASSWORD} two` },
    });
    expect(expectShape(successResponse, ok.body).message).toBe('Password changed');
  });

  it('enrols two-factor sign-in: a QR code and secret, then ten recovery codes; login answers with a challenge', async () => {
    const member = await inviteStaffMember(owner, 'support', 'contract-2fa');
    const start = expectShape(twoFactorEnrolmentResponse, (await call('POST', '/api/admin/account/two-factor', { headers: member.auth })).body);
    expect(start.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(start.qr_code.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    expect(start.otpauth_url).toContain(`secret=${start.secret}`);
    expectError(await call('POST', '/api/admin/account/two-factor/confirm', { headers: member.auth, json: { code: '000000' } }), 400, 'invalid_request');
    const codes = await call('POST', '/api/admin/account/two-factor/confirm', { headers: member.auth, json: { code: totpCode(start.secret) } });
    expect(expectShape(recoveryCodesResponse, codes.body).recovery_codes).toHaveLength(10);
    expectError(await call('POST', '/api/admin/account/two-factor', { headers: member.auth }), 409, 'conflict');

    const login = await call('POST', '/api/auth/login', { json: { username: member.email, password: STAFF_PASSWORD } });
    const { challenge } = expectShape(twoFactorRequiredResponse, login.body);
    const done = await call('POST', '/api/auth/login/two-factor', { json: { challenge, code: totpCode(start.secret, Date.now() + 30_000) } });
    expect(expectShape(adminLoginResponse, done.body)).toMatchObject({ success: true, username: member.email });
    expectError(await call('POST', '/api/auth/login/two-factor', { json: { challenge } }), 400, 'invalid_request');
  });

  it('signs in with a recovery code, makes new ones for a current code, and turns off with the password', async () => {
    const member = await inviteStaffMember(owner, 'support', 'contract-recovery');
    const { secret, recoveryCodes } = await enrolTwoFactor(member);
    const viaRecovery = await call('POST', '/api/auth/login/two-factor', { json: { challenge: await challengeFor(member.email), code: recoveryCodes[0] } });
    expect(viaRecovery.status, viaRecovery.text).toBe(200);
    const fresh = await call('POST', '/api/admin/account/two-factor/recovery-codes', { headers: member.auth, json: { code: totpCode(secret) } });
    expect(expectShape(recoveryCodesResponse, fresh.body).recovery_codes).not.toContain(recoveryCodes[1]);
    expectError(
      await call('DELETE', '/api/admin/account/two-factor', { headers: member.auth, json: { password: 'not the password' } }),
      400,
      'invalid_request',
    );
    expectShape(successResponse, (await call('DELETE', '/api/admin/account/two-factor', { headers: member.auth, json: { password: STAFF_PASSWORD } })).body);
    expect((await staffSignIn(member.email)).token).toEqual(expect.any(String));
  });
});

describe('GET /api/admin/audit and /api/admin/audit.csv', () => {
  it('pages the log newest first with the filter lists, and exports the same filter as CSV', async () => {
    const member = await inviteStaffMember(owner, 'manager', 'contract-audit');
    const tag = await call('POST', '/api/tags', { headers: member.auth, json: { name: `audit-${unique()}` } });
    expect(tag.status).toBe(201);
    const res = await call('GET', `/api/admin/audit?actor=${encodeURIComponent(member.email)}&limit=2`, { headers: owner });
    const page = expectShape(auditResponse, res.body);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);
    expect(page.entries).toHaveLength(2);
    expect(page.entries[0]).toMatchObject({ actor: member.email, action: 'tag.create' });
    expect(page.actors).toContain(member.email);
    expect(page.actions).toContain('tag.create');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    const dated = expectShape(
      auditResponse,
      (await call('GET', `/api/admin/audit?actor=${encodeURIComponent(member.email)}&start_date=${today}&end_date=${today}`, { headers: owner })).body,
    );
    expect(dated.entries.length).toBeGreaterThanOrEqual(3);
    expectError(await call('GET', '/api/admin/audit?start_date=yesterday', { headers: owner }), 400, 'invalid_request');

    const csv = await call('GET', `/api/admin/audit.csv?actor=${encodeURIComponent(member.email)}&action=tag.create`, { headers: owner });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,staff,action,target,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${member.email}","tag.create"`);
  });
});
