import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getVouchersHandler } from '@/app/api/account/vouchers/route';
import { POST as forgotPasswordRouteHandler } from '@/app/api/auth/forgot-password/route';
import { POST as resetPasswordRouteHandler } from '@/app/api/auth/reset-password/route';
import { POST as verifyEmailRouteHandler } from '@/app/api/auth/verify-email/route';
import { POST as loginRouteHandler } from '@/app/api/auth/user-login/route';
import { POST as registerRouteHandler } from '@/app/api/auth/user-register/route';
import { POST as cancelRoute } from '@/app/api/membership/cancel/[userId]/route';
import { GET as statusRoute } from '@/app/api/membership/status/[userId]/route';
import { POST as subscribeRouteHandler } from '@/app/api/membership/subscribe/route';
import { GET as subscriptionStatusRoute } from '@/app/api/membership/subscription-status/[sessionId]/route';
import { GET as ordersRoute } from '@/app/api/orders/[userId]/route';
import {
  authenticateUser,
  hashToken,
  issueToken,
  registerUser,
  resetPassword,
  sendVerificationEmail,
  TOKEN_TTL_SECONDS,
  verifyEmail,
} from '@/lib/domain/accounts';
import { subscribeResponse } from '@/lib/contract/membership';
import { customerOrdersResponse } from '@/lib/contract/orders';
import { createCheckout } from '@/lib/domain/checkout';
import { addPeriod, getMembershipStatus } from '@/lib/domain/membership';
import { completeTestPayment, startSubscription } from '@/lib/domain/orders';
import { env } from '@/lib/env';
import { toMembershipStatusResponse } from '@/lib/http/responses/membership';
import { getSessionUser, issueSessionToken } from '@/lib/http/session';
import { encodeSession, SESSION_MAX_AGE_SECONDS } from '@/lib/infra/auth/session-token';
import { db, type User } from '@/lib/infra/db';

// Customer accounts and membership (issue #4) on a real database. Route
// handlers that fail before signing anyone in are called directly; signing in
// itself sets a cookie through next/headers, which needs Next's request
// context, so successful sign-ins use the domain functions plus a session
// token from issueSessionToken (cookie behaviour is covered by Playwright).

// Handlers of paths without parameters still take Next's context argument.
const noParams = { params: Promise.resolve({}) };
const registerRoute = (request: Request) => registerRouteHandler(request, noParams);
const loginRoute = (request: Request) => loginRouteHandler(request, noParams);
const forgotPasswordRoute = (request: Request) => forgotPasswordRouteHandler(request, noParams);
const resetPasswordRoute = (request: Request) => resetPasswordRouteHandler(request, noParams);
const subscribeRoute = (request: Request) => subscribeRouteHandler(request, noParams);
const getVouchers = (request: Request) => getVouchersHandler(request, noParams);
const verifyEmailRoute = (request: Request) => verifyEmailRouteHandler(request, noParams);

const PASSWORD = 'Correct-Horse-42';
const SITE = 'http://localhost:3000';

let ipCounter = 0;
/** Every caller gets its own client address, so one test's rate-limit count never leaks into another's. */
function freshIp() {
  return `10.44.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;
}

function uniqueEmail(label: string) {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

function formRequest(path: string, fields: Record<string, string>, init: { ip?: string; url?: string } = {}) {
  return new Request(init.url ?? `http://localhost/api/${path}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': init.ip ?? freshIp() },
    body: new URLSearchParams(fields),
  });
}

function authed(path: string, token: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return new Request(`http://localhost/api/${path}`, { ...init, headers });
}

const params = <P>(value: P) => ({ params: Promise.resolve(value) });

async function body(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

async function newUser(label: string, email = uniqueEmail(label)) {
  const user = await registerUser({ email, password: PASSWORD, name: `${label} tester` });
  return { user, token: await tokenFor(user) };
}

function tokenFor(user: User) {
  return issueSessionToken(user);
}

let productId: string;

beforeAll(async () => {
  const product = await db().product.create({
    data: {
      title: 'Accounts IT Print',
      priceCents: 1250,
      files: {
        create: [
          { storageKey: `files/accounts-it/${randomBytes(4).toString('hex')}/a.png`, originalFilename: 'print-a.png', position: 0 },
          { storageKey: `files/accounts-it/${randomBytes(4).toString('hex')}/b.pdf`, originalFilename: 'print-b.pdf', position: 1 },
        ],
      },
    },
  });
  productId = product.id;
});

/** A paid order placed without an account, as a guest checkout leaves it. */
async function guestOrder(email: string) {
  const sessionId = `cs_test_guest${randomBytes(12).toString('hex')}`;
  await db().order.create({
    data: {
      sessionId,
      customerEmail: email,
      subtotalCents: 1250,
      amountCents: 1250,
      paymentStatus: 'paid',
      status: 'complete',
      fulfilledAt: new Date(),
      items: { create: [{ productId, title: 'Accounts IT Print', priceCents: 1250 }] },
    },
  });
  return sessionId;
}

async function listOrders(userId: string, token: string) {
  const res = await ordersRoute(authed(`orders/${userId}`, token), params({ userId }));
  expect(res.status).toBe(200);
  return customerOrdersResponse.parse(await body(res)).orders;
}

describe('registration', () => {
  it('refuses missing fields with 400 and names the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ email: uniqueEmail('nofield'), password: PASSWORD }, 'name'],
      [{ name: 'No Email', password: PASSWORD }, 'email'],
      [{ name: 'No Password', email: uniqueEmail('nofield') }, 'password'],
      [{ name: '   ', email: uniqueEmail('nofield'), password: PASSWORD }, 'name'],
    ];
    for (const [fields, field] of cases) {
      const res = await registerRoute(formRequest('auth/user-register', fields));
      expect(res.status).toBe(400);
      const json = await body(res);
      expect(json.code).toBe('invalid_request');
      expect(Object.keys(json.fields as object)).toContain(field);
    }
  });

  it('refuses a password under 6 characters with the spec message', async () => {
    const res = await registerRoute(formRequest('auth/user-register', { name: 'Short', email: uniqueEmail('short'), password: 'abc12' }));
    expect(res.status).toBe(400);
    expect((await body(res)).detail).toBe('Password must be at least 6 characters');
  });

  it('refuses the most common passwords even when long enough', async () => {
    for (const password of ['password123', 'QWERTY123', '12345678']) {
      const res = await registerRoute(formRequest('auth/user-register', { name: 'Common', email: uniqueEmail('common'), password }));
      expect(res.status).toBe(400);
      expect((await body(res)).detail).toBe('This password is too common. Please choose a less guessable one.');
    }
  });

  it('refuses an email that already has an account with 409, whatever its case', async () => {
    const email = uniqueEmail('dupe');
    await newUser('dupe', email);
    const res = await registerRoute(formRequest('auth/user-register', { name: 'Again', email: email.toUpperCase(), password: PASSWORD }));
    expect(res.status).toBe(409);
    expect(await body(res)).toEqual({ detail: 'An account with this email already exists. Please log in.', code: 'conflict' });
  });

  it('stores the address lower-case with an argon2id hash (19 MiB, t=2, p=1)', async () => {
    const email = uniqueEmail('MiXeD');
    const { user } = await newUser('mixed', email);
    expect(user.email).toBe(email.toLowerCase());
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(user.emailVerifiedAt).toBeNull();
    expect((await authenticateUser(email, PASSWORD))?.id).toBe(user.id);
  });
});

describe('email confirmation', () => {
  it('mails a link on the configured site whose token confirms the address once, by POST', async () => {
    const { user } = await newUser('confirm');
    await sendVerificationEmail(user);
    const mail = await waitForOutbox(user.email, /confirm/i);
    const link = new RegExp(`${escapeRegExp(siteUrl())}/verify-email\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();

    const first = await verifyEmailRoute(formRequest('auth/verify-email', { token: link![1] }));
    expect(first.status).toBe(200);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
    const again = await verifyEmailRoute(formRequest('auth/verify-email', { token: link![1] }));
    expect(again.status).toBe(400);
    expect((await body(again)).detail).toBe('This verification link is invalid or has expired');
  });
});

describe('login', () => {
  it('answers a wrong password and an unknown email with the same 401', async () => {
    const { user } = await newUser('login');
    const wrong = await loginRoute(formRequest('auth/user-login', { email: user.email, password: 'Not-The-Password-1' }));
    const unknown = await loginRoute(formRequest('auth/user-login', { email: uniqueEmail('nobody'), password: PASSWORD }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = { detail: 'Invalid email or password', code: 'unauthorized' };
    expect(await body(wrong)).toEqual(expected);
    expect(await body(unknown)).toEqual(expected);
  });

  it('limits one client address to 10 attempts per window: the 11th is 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await loginRoute(formRequest('auth/user-login', { email: uniqueEmail('spray'), password: 'Wrong-Password-1' }, { ip }));
      expect(res.status).toBe(401);
    }
    const res = await loginRoute(formRequest('auth/user-login', { email: uniqueEmail('spray'), password: 'Wrong-Password-1' }, { ip }));
    expect(res.status).toBe(429);
    expect((await body(res)).code).toBe('rate_limited');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // Another address is not held up by this one.
    expect((await loginRoute(formRequest('auth/user-login', { email: uniqueEmail('other'), password: 'Wrong-Password-1' }))).status).toBe(401);
  });

  it('limits one client to 5 attempts at one account, without holding up other clients', async () => {
    const { user } = await newUser('pair');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await loginRoute(formRequest('auth/user-login', { email: user.email, password: `Guess-${i}-xyz` }, { ip }))).status).toBe(401);
    }
    const res = await loginRoute(formRequest('auth/user-login', { email: user.email.toUpperCase(), password: PASSWORD }, { ip }));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same client may still try other accounts, and other clients this one.
    expect((await loginRoute(formRequest('auth/user-login', { email: uniqueEmail('else'), password: 'Wrong-Password-1' }, { ip }))).status).toBe(401);
    expect((await loginRoute(formRequest('auth/user-login', { email: user.email, password: 'Wrong-Password-1' }))).status).toBe(401);
  });

  it('limits one account to 50 attempts per window over all clients, so a stranger alone cannot lock it', async () => {
    const { user } = await newUser('target');
    for (let i = 0; i < 50; i++) {
      expect((await loginRoute(formRequest('auth/user-login', { email: user.email, password: `Guess-${i}-xyz` }))).status).toBe(401);
    }
    const res = await loginRoute(formRequest('auth/user-login', { email: user.email.toUpperCase(), password: PASSWORD }));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('password reset', () => {
  it('answers forgot-password the same for unknown and known addresses and mails a link on the configured site', async () => {
    const { user } = await newUser('forgot');
    const unknownEmail = uniqueEmail('ghost');
    // The request's own host must never end up in the link (SECURITY: links from the configured site URL).
    const known = await forgotPasswordRoute(
      formRequest('auth/forgot-password', { email: user.email }, { url: 'http://evil.example/api/auth/forgot-password' }),
    );
    const unknown = await forgotPasswordRoute(formRequest('auth/forgot-password', { email: unknownEmail }));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await body(known)).toEqual(await body(unknown));

    const mail = await waitForOutbox(user.email, /reset/i);
    const link = new RegExp(`${escapeRegExp(siteUrl())}/reset-password\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain('1 hour');
    expect(await db().outboxEmail.count({ where: { to: unknownEmail } })).toBe(0);

    // Only the hash of the token is stored.
    const token = link![1];
    expect(await db().passwordResetToken.count({ where: { tokenHash: token } })).toBe(0);
    expect(await db().passwordResetToken.count({ where: { tokenHash: hashToken(token), userId: user.id, purpose: 'reset' } })).toBe(1);
  });

  it('accepts a reset token once', async () => {
    const { user } = await newUser('once');
    const token = await issueToken(user.id, 'reset');
    const first = await resetPasswordRoute(formRequest('auth/reset-password', { token, new_password: 'Brand-New-Pass-1' }));
    expect(first.status).toBe(200);
    expect((await body(first)).success).toBe(true);
    const second = await resetPasswordRoute(formRequest('auth/reset-password', { token, new_password: 'Another-New-Pass-2' }));
    expect(second.status).toBe(400);
    expect((await body(second)).detail).toBe('This reset link is invalid or has expired. Please request a new one.');
    expect((await authenticateUser(user.email, 'Brand-New-Pass-1'))?.id).toBe(user.id);
    expect(await authenticateUser(user.email, 'Another-New-Pass-2')).toBeNull();
    expect(await authenticateUser(user.email, PASSWORD)).toBeNull();
  });

  it('issues tokens that live 1 hour and refuses one past its expiry', async () => {
    expect(TOKEN_TTL_SECONDS.reset).toBe(3600);
    const { user } = await newUser('expiry');
    const token = await issueToken(user.id, 'reset');
    const row = await db().passwordResetToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(Math.abs(row.expiresAt.getTime() - (row.createdAt.getTime() + 3600_000))).toBeLessThan(5_000);

    await db().$executeRaw`UPDATE "PasswordResetToken" SET "expiresAt" = now() - interval '1 second' WHERE id = ${row.id}`;
    const res = await resetPasswordRoute(formRequest('auth/reset-password', { token, new_password: 'Too-Late-Pass-1' }));
    expect(res.status).toBe(400);
    expect((await body(res)).detail).toBe('This reset link is invalid or has expired. Please request a new one.');
    expect((await authenticateUser(user.email, PASSWORD))?.id).toBe(user.id);
  });

  it('refuses a short or common new password without using up the token', async () => {
    const { user } = await newUser('weak');
    const token = await issueToken(user.id, 'reset');
    const short = await resetPasswordRoute(formRequest('auth/reset-password', { token, new_password: '12ab' }));
    expect(short.status).toBe(400);
    expect((await body(short)).detail).toBe('Password must be at least 6 characters');
    const common = await resetPasswordRoute(formRequest('auth/reset-password', { token, new_password: 'letmein' }));
    expect(common.status).toBe(400);
    expect((await body(common)).detail).toBe('This password is too common. Please choose a less guessable one.');
    expect((await resetPasswordRoute(formRequest('auth/reset-password', { token, new_password: 'Finally-Strong-9' }))).status).toBe(200);
  });

  it('does not take an email-confirmation token as a reset token', async () => {
    const { user } = await newUser('purpose');
    const verifyToken = await issueToken(user.id, 'verify');
    const res = await resetPasswordRoute(formRequest('auth/reset-password', { token: verifyToken, new_password: 'Sneaky-Pass-77' }));
    expect(res.status).toBe(400);
    expect((await authenticateUser(user.email, PASSWORD))?.id).toBe(user.id);
  });

  it('ends every session issued before the reset', async () => {
    const { user, token: oldSession } = await newUser('sessions');
    expect((await getSessionUser(authed('orders', oldSession)))?.id).toBe(user.id);

    await resetPassword(await issueToken(user.id, 'reset'), 'After-Reset-Pass-3');
    expect(await getSessionUser(authed('orders', oldSession))).toBeNull();
    const res = await ordersRoute(authed(`orders/${user.id}`, oldSession), params({ userId: user.id }));
    expect(res.status).toBe(401);

    const newSession = await tokenFor(user);
    expect((await getSessionUser(authed('orders', newSession)))?.id).toBe(user.id);
  });
});

describe('sessions', () => {
  it('accept a token only while its session row is live and belongs to the token user', async () => {
    const alice = await newUser('rowalice');
    const bob = await newUser('rowbob');
    expect(await getSessionUser(authed('orders', alice.token))).toMatchObject({ id: alice.user.id, email: alice.user.email });
    const [row] = await db().userSession.findMany({ where: { userId: alice.user.id } });
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - SESSION_MAX_AGE_SECONDS * 1000)).toBeLessThan(5_000);

    // A token naming someone else's session (only possible with the secret) is still refused.
    const crossed = await encodeSession({ sub: bob.user.id, sid: row.id, email: bob.user.email, name: bob.user.name });
    expect(await getSessionUser(authed('orders', crossed))).toBeNull();

    await db().userSession.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getSessionUser(authed('orders', alice.token))).toBeNull();
    expect((await getSessionUser(authed('orders', bob.token)))?.id).toBe(bob.user.id);
  });
});

describe('account endpoints answer only for the session user', () => {
  it('refuses requests without a session with 401', async () => {
    const { user } = await newUser('nosession');
    const id = { userId: user.id };
    const responses = [
      await ordersRoute(authed(`orders/${user.id}`, null), params(id)),
      await getVouchers(authed('account/vouchers', null)),
      await statusRoute(authed(`membership/status/${user.id}`, null), params(id)),
      await cancelRoute(authed(`membership/cancel/${user.id}?cancel_at_period_end=true`, null, { method: 'POST' }), params(id)),
      await subscribeRoute(jsonRequest('membership/subscribe', null, { user_id: user.id, plan_interval: 'month' })),
      await subscriptionStatusRoute(authed('membership/subscription-status/cs_test_whatever123', null), params({ sessionId: 'cs_test_whatever123' })),
      await ordersRoute(authed(`orders/${user.id}`, 'not-a-real-token'), params(id)),
    ];
    for (const res of responses) {
      expect(res.status).toBe(401);
      expect((await body(res)).code).toBe('unauthorized');
    }
  });

  it("answers 404 for another user's id, never their data", async () => {
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    const bobId = { userId: bob.user.id };
    const responses = [
      await ordersRoute(authed(`orders/${bob.user.id}`, alice.token), params(bobId)),
      await statusRoute(authed(`membership/status/${bob.user.id}`, alice.token), params(bobId)),
      await cancelRoute(authed(`membership/cancel/${bob.user.id}?cancel_at_period_end=true`, alice.token, { method: 'POST' }), params(bobId)),
      await subscribeRoute(jsonRequest('membership/subscribe', alice.token, { user_id: bob.user.id, plan_interval: 'month' })),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(await body(res)).toEqual({ detail: expect.any(String), code: 'not_found' });
    }
    expect(await db().order.count({ where: { userId: { in: [alice.user.id, bob.user.id] }, kind: 'subscription' } })).toBe(0);
  });

  it("hides another user's subscription checkout", async () => {
    const alice = await newUser('alice2');
    const bob = await newUser('bob2');
    const { sessionId } = await startSubscription({ user: bob.user, interval: 'month', siteUrl: SITE });
    const res = await subscriptionStatusRoute(authed(`membership/subscription-status/${sessionId}`, alice.token), params({ sessionId }));
    expect(res.status).toBe(404);
  });
});

describe('guest orders and vouchers for the same address', () => {
  it('links guest orders only once the address is confirmed', async () => {
    const email = uniqueEmail('guest');
    const sessionId = await guestOrder(email);
    const { user, token } = await newUser('guest', email);

    // Registering someone else's address must not reveal their orders.
    expect(await listOrders(user.id, token)).toEqual([]);

    await verifyEmail(await issueToken(user.id, 'verify'));
    const orders = await listOrders(user.id, token);
    expect(orders.map((o) => o.session_id)).toEqual([sessionId]);
    expect(orders[0]).toMatchObject({ amount: 12.5, currency: 'AUD', item_count: 1 });
    const downloadLink = new RegExp(`^/api/download/${sessionId}/${productId}\\?file_id=[a-z0-9]+$`);
    expect(orders[0].products[0]).toMatchObject({
      id: productId,
      title: 'Accounts IT Print',
      price: 12.5,
      original_filenames: ['print-a.png', 'print-b.pdf'],
      // Links name the stable file id (issue #15 §3); the index is the spec's file_index.
      file_paths: [expect.stringMatching(downloadLink), expect.stringMatching(downloadLink)],
      files: [
        { index: 0, id: expect.any(String), filename: 'print-a.png' },
        { index: 1, id: expect.any(String), filename: 'print-b.pdf' },
      ],
    });
  });

  it('links guest orders after a password reset, which proves the address too', async () => {
    const email = uniqueEmail('resetlink');
    const { user, token } = await newUser('resetlink', email);
    const sessionId = await guestOrder(email);
    expect(await listOrders(user.id, token)).toEqual([]);

    await resetPassword(await issueToken(user.id, 'reset'), 'Proven-By-Email-5');
    const orders = await listOrders(user.id, await tokenFor(user));
    expect(orders.map((o) => o.session_id)).toEqual([sessionId]);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
  });

  it('leaves unpaid guest orders and other addresses alone', async () => {
    const email = uniqueEmail('partial');
    const paid = await guestOrder(email);
    const otherPaid = await guestOrder(uniqueEmail('stranger'));
    await db().order.create({
      data: { sessionId: `cs_test_open${randomBytes(12).toString('hex')}`, customerEmail: email, subtotalCents: 100, amountCents: 100 },
    });
    const { user, token } = await newUser('partial', email);
    await verifyEmail(await issueToken(user.id, 'verify'));
    expect((await listOrders(user.id, token)).map((o) => o.session_id)).toEqual([paid]);
    expect((await db().order.findUniqueOrThrow({ where: { sessionId: otherPaid } })).userId).toBeNull();
  });

  it('shows vouchers issued to the address only after it is confirmed', async () => {
    const email = uniqueEmail('voucher');
    const { user, token } = await newUser('voucher', email);
    const code = `GIFT-${randomBytes(4).toString('hex').toUpperCase()}`;
    await db().voucher.create({
      data: {
        code,
        customerEmail: email,
        type: 'fixed_amount',
        valueCents: 2500,
        usageType: 'reusable',
        originalBalanceCents: 2500,
        currentBalanceCents: 1000,
      },
    });

    const before = await getVouchers(authed('account/vouchers', token));
    expect(before.status).toBe(200);
    expect(await body(before)).toEqual({ vouchers: [], email_verified: false });

    await verifyEmail(await issueToken(user.id, 'verify'));
    const after = await body(await getVouchers(authed('account/vouchers', token)));
    expect(after.email_verified).toBe(true);
    expect(after.vouchers).toEqual([
      { id: expect.any(String), code, type: 'fixed_amount', value: 25, usage_type: 'reusable', current_balance: 10, original_balance: 25, status: 'active' },
    ]);
  });

  it('accepts an email-confirmation token once', async () => {
    const { user } = await newUser('verifyonce');
    const token = await issueToken(user.id, 'verify');
    await verifyEmail(token);
    await expect(verifyEmail(token)).rejects.toThrow('This verification link is invalid or has expired');
  });
});

describe('membership', () => {
  it('becomes active once the test payment is fulfilled, and makes checkouts free', async () => {
    const { user, token } = await newUser('member');
    const started = await startSubscription({ user, interval: 'month', siteUrl: SITE });
    expect(started.sessionId).toMatch(/^cs_test_/);
    expect(started.url).toBe(`${SITE}/checkout/test/${started.sessionId}`);
    const order = await db().order.findUniqueOrThrow({ where: { sessionId: started.sessionId } });
    expect(order).toMatchObject({ kind: 'subscription', userId: user.id, planInterval: 'month', amountCents: 3500 });

    const pending = await subscriptionStatusRoute(
      authed(`membership/subscription-status/${started.sessionId}`, token),
      params({ sessionId: started.sessionId }),
    );
    expect(await body(pending)).toEqual({ status: 'pending', current_period_end: null });
    expect((await getMembershipStatus(user.id)).isMember).toBe(false);

    const paidAt = new Date();
    await completeTestPayment(started.sessionId, null);

    const status = toMembershipStatusResponse(await getMembershipStatus(user.id));
    expect(status).toMatchObject({ is_member: true, plan_interval: 'month', cancel_at_period_end: false, status: 'active' });
    expect(Math.abs(new Date(status.current_period_end!).getTime() - addPeriod(paidAt, 'month').getTime())).toBeLessThan(60_000);

    const paid = await subscriptionStatusRoute(authed(`membership/subscription-status/${started.sessionId}`, token), params({ sessionId: started.sessionId }));
    expect(await body(paid)).toEqual({ status: 'paid', current_period_end: status.current_period_end });
    const viaRoute = await statusRoute(authed(`membership/status/${user.id}`, token), params({ userId: user.id }));
    expect(await body(viaRoute)).toEqual(status);

    // The membership purchase is not a download order.
    expect(await listOrders(user.id, token)).toEqual([]);
    const checkout = await createCheckout({ productIds: [productId], userId: user.id, customerEmail: user.email, siteUrl: SITE });
    expect(checkout).toMatchObject({ freeCheckout: true, isMember: true });
    expect((await listOrders(user.id, token)).map((o) => [o.session_id, o.amount])).toEqual([[checkout.sessionId, 0]]);
  });

  it('refuses a second subscription while one is active with 409', async () => {
    const { user, token } = await newUser('twice');
    const { sessionId } = await startSubscription({ user, interval: 'year', siteUrl: SITE });
    await completeTestPayment(sessionId, null);
    const res = await subscribeRoute(jsonRequest('membership/subscribe', token, { user_id: user.id, plan_interval: 'month' }));
    expect(res.status).toBe(409);
    expect(await body(res)).toEqual({ detail: 'You already have an active membership', code: 'conflict' });
  });

  it('cancels at the period end: still a member until then', async () => {
    const { user, token } = await newUser('cancel');
    const { sessionId } = await startSubscription({ user, interval: 'month', siteUrl: SITE });
    await completeTestPayment(sessionId, null);
    const before = toMembershipStatusResponse(await getMembershipStatus(user.id));

    const refused = await cancelRoute(
      authed(`membership/cancel/${user.id}?cancel_at_period_end=false`, token, { method: 'POST' }),
      params({ userId: user.id }),
    );
    expect(refused.status).toBe(400);

    const res = await cancelRoute(authed(`membership/cancel/${user.id}?cancel_at_period_end=true`, token, { method: 'POST' }), params({ userId: user.id }));
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ success: true, ...before, cancel_at_period_end: true });
    expect((await getMembershipStatus(user.id)).isMember).toBe(true);

    await db().membership.update({ where: { userId: user.id }, data: { currentPeriodEnd: new Date(Date.now() - 1000) } });
    expect((await getMembershipStatus(user.id)).isMember).toBe(false);
  });

  it('answers 404 when cancelling without a membership', async () => {
    const { user, token } = await newUser('nomember');
    const res = await cancelRoute(authed(`membership/cancel/${user.id}?cancel_at_period_end=true`, token, { method: 'POST' }), params({ userId: user.id }));
    expect(res.status).toBe(404);
  });

  it('refuses an unknown promo code and takes a configured one off the first period', async () => {
    const { user, token } = await newUser('promo');
    const unknown = await subscribeRoute(jsonRequest('membership/subscribe', token, { user_id: user.id, plan_interval: 'month', test_code: 'NOSUCHCODE' }));
    expect(unknown.status).toBe(400);
    expect(await body(unknown)).toEqual({ detail: 'Invalid promo code', code: 'invalid_request' });

    const code = `IT${randomBytes(3).toString('hex').toUpperCase()}`;
    await db().discountCode.create({ data: { code, type: 'percentage', valueBasisPoints: 2000, scope: 'membership' } });
    // The form sends the code upper-cased, but the server does not depend on it.
    const res = await subscribeRoute(
      formRequestWithToken('membership/subscribe', token, { user_id: user.id, plan_interval: 'year', test_code: code.toLowerCase() }),
    );
    expect(res.status).toBe(200);
    const { url, session_id } = subscribeResponse.parse(await body(res));
    expect(url).toContain(`/checkout/test/${session_id}`);
    const order = await db().order.findUniqueOrThrow({ where: { sessionId: session_id } });
    expect(order).toMatchObject({ planInterval: 'year', subtotalCents: 29900, discountCents: 5980, amountCents: 23920 });
  });
});

function jsonRequest(path: string, token: string | null, payload: unknown) {
  return authed(path, token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
}

function formRequestWithToken(path: string, token: string, fields: Record<string, string>) {
  return authed(path, token, { method: 'POST', body: new URLSearchParams(fields) });
}

const siteUrl = () => env().SITE_URL.replace(/\/+$/, '');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The reset email is sent after the answer (so timing says nothing): poll the outbox for it. */
async function waitForOutbox(to: string, subject: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await db().outboxEmail.findMany({ where: { to }, orderBy: { createdAt: 'desc' } });
    const mail = mails.find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No email to ${to} matching ${subject} within ${timeoutMs} ms`);
}
