// Staff (docs/security.md N1): a removed member's or a re-roled member's
// sessions are refused everywhere at once, the second step cannot be
// brute-forced, a trusted browser is bound to its member, secrets rest
// encrypted or hashed, exports defuse formulas, and where two-factor sign-in
// is required an owner without it reaches nothing but their own account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROL_FIRST } from '@/lib/staff-permissions';
import { totpCode } from '@/lib/infra/auth/totp';
import { callFrom } from './clients';
import { pinnedAdminRoutes } from './routes';
import { adminToken, call, closeDb, count, expectErrorShape, sql, SHOP_URL } from './helpers';
import { spawnShop, waitForShop, type ShopProcess } from './shop-server';
import { challengeFor, enrolTwoFactor, inviteStaffMember, staffSignIn, STAFF_PASSWORD, type StaffMember } from '../support/staff-http';

let owner: Record<string, string>;

beforeAll(async () => {
  owner = { authorization: `Bearer ${await adminToken()}` };
});

afterAll(async () => {
  await closeDb();
});

const liveSessions = (staffId: string) => count('AdminSession', '"staffId" = $1 AND "revokedAt" IS NULL', [staffId]);

async function everyAdminRouteRefuses(headers: Record<string, string>) {
  const statuses = new Map<string, number>();
  for (const route of pinnedAdminRoutes()) {
    const res = await call(route.method, route.path, { headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }) });
    statuses.set(route.key, res.status);
  }
  expect([...statuses].filter(([, status]) => status !== 401)).toEqual([]);
}

describe('a removed member', () => {
  it('is refused on every admin route at once, by token and by cookie, even with a session row left live', async () => {
    const member = await inviteStaffMember(owner, 'manager', 'removed');
    expect((await call('GET', '/api/admin/orders', { headers: member.auth })).status).toBe(200);
    expect(await liveSessions(member.id)).toBe(1);

    expect((await call('DELETE', `/api/admin/staff/${member.id}`, { headers: owner })).status).toBe(200);
    expect(await liveSessions(member.id)).toBe(0);
    await everyAdminRouteRefuses(member.auth);
    await everyAdminRouteRefuses({ cookie: member.cookie });
    expect((await call('POST', '/api/auth/login', { json: { username: member.email, password: STAFF_PASSWORD } })).status).toBe(401);

    // A session that escaped the revocation (written by a sign-in racing the removal) still opens nothing.
    await sql(`UPDATE "AdminSession" SET "revokedAt" = NULL WHERE "staffId" = $1`, [member.id]);
    expect((await call('GET', '/api/admin/session', { headers: member.auth })).status).toBe(401);
  });
});

describe('a role change', () => {
  it('ends the member’s sessions at once; signed in again, the new role applies', async () => {
    const member = await inviteStaffMember(owner, 'support', 'rerole');
    expect((await call('GET', '/api/admin/orders', { headers: member.auth })).status).toBe(200);
    const changed = await call('PUT', `/api/admin/staff/${member.id}`, { headers: owner, json: { role: 'catalogue' } });
    expect(changed.status).toBe(200);
    expect(await liveSessions(member.id)).toBe(0);
    expect((await call('GET', '/api/admin/session', { headers: member.auth })).status).toBe(401);

    const again = await staffSignIn(member.email);
    const auth = { authorization: `Bearer ${again.token}` };
    expect((await call('GET', '/api/admin/session', { headers: auth })).body).toMatchObject({ role: 'catalogue', permissions: ['catalogue', 'account'] });
    expectErrorShape(await call('GET', '/api/admin/orders', { headers: auth }), 403);
  });

  it('cannot touch the owner', async () => {
    const session = await call('GET', '/api/admin/session', { headers: owner });
    const [row] = await sql<{ id: string }>(`SELECT id FROM "Staff" WHERE username = $1`, [(session.body as { username: string }).username]);
    expectErrorShape(await call('PUT', `/api/admin/staff/${row.id}`, { headers: owner, json: { role: 'support' } }), 409);
    expectErrorShape(await call('DELETE', `/api/admin/staff/${row.id}`, { headers: owner }), 409);
    expectErrorShape(await call('PUT', `/api/admin/staff/${row.id}`, { headers: owner, json: { role: 'owner' } }), 400);
  });
});

describe('the second step', () => {
  let member: StaffMember;
  let secret: string;

  beforeAll(async () => {
    member = await inviteStaffMember(owner, 'support', 'twofactor');
    ({ secret } = await enrolTwoFactor(member));
  });

  it('gives no session for the password alone', async () => {
    const res = await call('POST', '/api/auth/login', { json: { username: member.email, password: STAFF_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, two_factor_required: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('shop_admin='))).toBe(false);
  });

  it('takes 5 codes per challenge even sent at once, then refuses the right one; 10 per member over every challenge', async () => {
    const challenge = await challengeFor(member.email);
    const replies = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/auth/login/two-factor', { json: { challenge, code: '000000' } })));
    for (const reply of replies) expectErrorShape(reply, 401);
    const details = replies.map((r) => (r.body as { detail: string }).detail);
    expect(details.filter((d) => d === 'Invalid code')).toHaveLength(5);
    expect(details.filter((d) => d === 'This sign-in has expired. Please sign in again.')).toHaveLength(15);
    const right = await call('POST', '/api/auth/login/two-factor', { json: { challenge, code: totpCode(secret) } });
    expect(right.status).toBe(401);

    const second = await challengeFor(member.email);
    for (let i = 0; i < 5; i++) expect((await call('POST', '/api/auth/login/two-factor', { json: { challenge: second, code: '111111' } })).status).toBe(401);
    const third = await challengeFor(member.email);
    const limited = await call('POST', '/api/auth/login/two-factor', { json: { challenge: third, code: totpCode(secret) } });
    expectErrorShape(limited, 429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    await sql(`DELETE FROM "RateLimit" WHERE key = $1`, [`admin-2fa:${member.id}`]);
  });

  it('refuses made-up and expired challenges', async () => {
    expectErrorShape(await call('POST', '/api/auth/login/two-factor', { json: { challenge: 'x'.repeat(43), code: totpCode(secret) } }), 401);
    const challenge = await challengeFor(member.email);
    await sql(`UPDATE "SignInChallenge" SET "expiresAt" = now() - interval '1 second' WHERE "staffId" = $1`, [member.id]);
    expectErrorShape(await call('POST', '/api/auth/login/two-factor', { json: { challenge, code: totpCode(secret) } }), 401);
  });

  it('keeps the TOTP secret encrypted and the recovery codes hashed', async () => {
    const [row] = await sql<{ totpSecret: string }>(`SELECT "totpSecret" FROM "Staff" WHERE id = $1`, [member.id]);
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpSecret).toMatch(/^v1\./);
    const codes = await sql<{ codeHash: string }>(`SELECT "codeHash" FROM "StaffRecoveryCode" WHERE "staffId" = $1`, [member.id]);
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('trusts a browser for 30 days for that member only, with a signed HttpOnly cookie sent only to sign-in', async () => {
    const challenge = await challengeFor(member.email);
    const res = await call('POST', '/api/auth/login/two-factor', { json: { challenge, code: totpCode(secret, Date.now() + 30_000), trust_browser: true } });
    expect(res.status, res.text).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('shop_admin_trusted='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth\/login(;|$)/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const trusted = setCookie.split(';')[0];

    const direct = await call('POST', '/api/auth/login', { headers: { cookie: trusted }, json: { username: member.email, password: STAFF_PASSWORD } });
    expect(direct.body).toMatchObject({ success: true, token: expect.any(String) });
    expect(
      (await call('POST', '/api/auth/login', { headers: { cookie: trusted }, json: { username: member.email, password: 'wrong passphrase here' } })).status,
    ).toBe(401);

    const other = await inviteStaffMember(owner, 'support', 'othertrusted');
    await enrolTwoFactor(other);
    const elsewhere = await call('POST', '/api/auth/login', { headers: { cookie: trusted }, json: { username: other.email, password: STAFF_PASSWORD } });
    expect(elsewhere.body).toMatchObject({ two_factor_required: true });
    const [name, value] = trusted.split('=');
    const forged = `${name}=${value.replace(member.id, other.id)}`;
    const forgedReply = await call('POST', '/api/auth/login', { headers: { cookie: forged }, json: { username: other.email, password: STAFF_PASSWORD } });
    expect(forgedReply.body).toMatchObject({ two_factor_required: true });
  });
});

describe('invitation links', () => {
  it('refuse a client after 10 links that did not work, before reading its body; other clients and real links are unaffected', async () => {
    const guesser = `127.66.${Math.floor(Math.random() * 200)}.9`;
    for (let i = 0; i < 10; i++) {
      const miss = await callFrom(guesser, 'POST', '/api/auth/accept-invite', {
        json: { token: `made-up-link-${i}-${'x'.repeat(30)}`, new_password: STAFF_PASSWORD },
      });
      expectErrorShape(miss, 400);
    }
    expectErrorShape(await callFrom(guesser, 'POST', '/api/auth/accept-invite', { json: { token: 'y'.repeat(43), new_password: STAFF_PASSWORD } }), 429);
    // Another client takes a real link as usual, however many it accepts.
    const member = await inviteStaffMember(owner, 'support', 'afterguess');
    expect(member.token).toEqual(expect.any(String));
  });
});

describe('the audit export', () => {
  it('defuses every cell a spreadsheet would run as a formula', async () => {
    // Names staff chose: an email may start with + or -, and every invitation and acceptance is in the log.
    for (const local of ['+1+cmd', '-2+3']) {
      const email = `${local}-${Date.now()}@example.com`;
      expect(
        (await call('POST', '/api/admin/staff', { headers: owner, json: { email, name: '=HYPERLINK("http://evil.example")', role: 'support' } })).status,
      ).toBe(201);
    }
    const res = await fetch(`${SHOP_URL}/api/admin/audit.csv?action=staff.invite`, { headers: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const cells = text
      .split('\r\n')
      .filter(Boolean)
      .flatMap((line) => line.match(/"(?:[^"]|"")*"|[^,]+/g) ?? []);
    const unquoted = cells.map((c) => (c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c));
    expect(unquoted.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(unquoted.some((c) => c.startsWith("'+1+cmd"))).toBe(true);
    expect(unquoted.some((c) => c.startsWith("'-2+3"))).toBe(true);
  });
});

describe('where two-factor sign-in is required', () => {
  let shop: ShopProcess;

  beforeAll(async () => {
    shop = await spawnShop({ REQUIRE_STAFF_TWO_FACTOR: '1' });
    await waitForShop(shop);
  }, 90_000);

  afterAll(async () => {
    await shop?.stop();
  });

  it('lets an owner without a second factor reach only their own account, until they enrol', async () => {
    const login = await fetch(`${shop.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const session = await fetch(`${shop.url}/api/admin/session`, { headers: auth });
    expect(await session.json()).toMatchObject({ role: 'owner', must_enrol_two_factor: true });
    for (const path of ['/api/admin/orders', '/api/admin/products', '/api/admin/staff', '/api/admin/audit']) {
      const res = await fetch(`${shop.url}${path}`, { headers: auth });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ code: 'forbidden', detail: ENROL_FIRST });
    }
    expect((await fetch(`${shop.url}/api/admin/account/sessions`, { headers: auth })).status).toBe(200);
    // A support member is not asked to enrol.
    const support = await inviteStaffMember(owner, 'support', 'notrequired');
    const res = await fetch(`${shop.url}/api/admin/orders`, { headers: support.auth });
    expect(res.status).toBe(200);
  });
});
