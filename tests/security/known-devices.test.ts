// Issue #24 §5, Decision 076: strangers failing on purpose, from one address or
// many, cannot lock an owner out of a browser the owner has signed in from
// before, for the back office or a customer account, while guessing from
// anywhere else is still capped per account. The browser is known by a signed,
// HttpOnly cookie set at a successful sign-in; one that is tampered with, made
// for another account or of the other kind counts for nothing. Different
// clients are different loopback addresses (clients.ts), as the shop sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, waitForResetTokens, type RequestInit } from './clients';
import { clearRateLimits, closeDb, expectErrorShape, registerCustomer, type Customer, type Reply } from './helpers';

const PASSWORD = 'correct horse battery';
const ADMIN_DEVICE = 'shop_admin_device';
const CUSTOMER_DEVICE = 'shop_device';
// RATE_LIMITS: admin 10 per client and 100 over all clients per 15 min; customers 10 per client,
// 5 per (client, account), 50 per account per 5 min; reset requests 10 per account per 15 min.
const ADMIN_PER_CLIENT = 10;
const ADMIN_GLOBAL = 100;
const ACCOUNT_LIMIT = 50;
const RESET_ACCOUNT_LIMIT = 10;
const RULES = ['login', 'login-pair', 'login-account', 'login-device', 'forgot', 'forgot-pair', 'forgot-account', 'forgot-device', 'register'];
const ADMIN_RULES = ['admin-login', 'admin-login-all', 'admin-login-device'];

let nextHost = 10;
/** A loopback address no other test of this file has used (up to 250 × 250 of them). */
const freshClient = () => `127.76.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 1}`;

/** The cookie `name` as the reply set it, whole (value and attributes); null when it set none. */
const setCookie = (reply: Reply, name: string) => reply.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? null;
/** What a browser sends back: `name=value`. */
const sentBack = (reply: Reply, name: string) => (setCookie(reply, name) ?? '').split(';')[0];
/** The same cookie with one character of its signature changed. */
const tampered = (cookie: string) => cookie.slice(0, -1) + (cookie.endsWith('A') ? 'B' : 'A');
const withCookie = (cookie: string, init: RequestInit): RequestInit => ({ ...init, headers: { ...init.headers, cookie } });

const adminSignIn = (client: string, password: string, cookie?: string) =>
  callFrom(
    client,
    'POST',
    '/api/auth/login',
    cookie ? withCookie(cookie, { form: { username: 'admin', password } }) : { form: { username: 'admin', password } },
  );
const customerSignIn = (client: string, email: string, password: string, cookie?: string) =>
  callFrom(client, 'POST', '/api/auth/user-login', cookie ? withCookie(cookie, { form: { email, password } }) : { form: { email, password } });

function expectLimited(reply: Reply) {
  expectErrorShape(reply, 429);
  expect(reply.body).toMatchObject({ code: 'rate_limited' });
}

/** Wrong passwords for `email` from fresh addresses, as a botnet spreads them, until the account's limit answers. */
async function spreadGuessing(email: string): Promise<number> {
  let failures = 0;
  for (let c = 0; c < 20; c++) {
    const client = freshClient();
    for (let i = 0; i < 5; i++) {
      const res = await customerSignIn(client, email, `Botnet-Guess-${c}-${i}`);
      if (res.status === 429) return failures;
      expectErrorShape(res, 401);
      failures++;
    }
  }
  throw new Error(`${failures} failures and still no limit`);
}

beforeAll(async () => {
  await clearRateLimits(...RULES, ...ADMIN_RULES);
});

afterAll(async () => {
  // Later runners (e2e sign-ins, admin logins) start fresh.
  await clearRateLimits(...RULES, ...ADMIN_RULES);
  await closeDb();
});

describe('the known-device cookie', () => {
  it('is set by a successful sign-in or registration only, HttpOnly and SameSite=Strict, and sent only to the sign-in endpoints', async () => {
    const client = freshClient();
    const failed = await adminSignIn(client, 'not-the-password');
    expectErrorShape(failed, 401);
    expect(setCookie(failed, ADMIN_DEVICE)).toBeNull();
    const admin = setCookie(await adminSignIn(client, 'admin'), ADMIN_DEVICE);
    expect(admin).toMatch(/; Path=\/api\/auth\/login(;|$)/);
    for (const attribute of [/; HttpOnly/i, /; SameSite=Strict/i, /; Max-Age=7776000/]) expect(admin).toMatch(attribute);

    const email = `device-cookie-${Date.now()}@example.com`;
    const registered = await callFrom(client, 'POST', '/api/auth/user-register', { form: { email, password: PASSWORD, name: 'Device' } });
    expect(registered.status, registered.text).toBe(200);
    const customer = setCookie(registered, CUSTOMER_DEVICE);
    expect(customer).toMatch(/; Path=\/api\/auth(;|$)/);
    for (const attribute of [/; HttpOnly/i, /; SameSite=Strict/i]) expect(customer).toMatch(attribute);
    const wrong = await customerSignIn(client, email, 'Wrong-Password-1');
    expectErrorShape(wrong, 401);
    expect(setCookie(wrong, CUSTOMER_DEVICE)).toBeNull();
  });
});

describe('admin sign-in under a botnet', () => {
  it(`after ${ADMIN_GLOBAL} failures from many addresses it is closed to every other client, but not to a browser the admin signed in from`, async () => {
    await clearRateLimits(...ADMIN_RULES);
    const ownerAddress = freshClient();
    const owner = sentBack(await adminSignIn(ownerAddress, 'admin'), ADMIN_DEVICE);
    expect(owner).toMatch(new RegExp(`^${ADMIN_DEVICE}=.+`));
    const customer = await registerCustomer('device-kind');
    const customerDevice = sentBack(await customerSignIn(freshClient(), customer.email, PASSWORD), CUSTOMER_DEVICE);
    // The botnet starts from a count of its own (the owner's sign-in above counted one).
    await clearRateLimits('admin-login-all');

    let failures = 0;
    let limited: Reply | null = null;
    for (let c = 0; c < Math.ceil(ADMIN_GLOBAL / ADMIN_PER_CLIENT) + 2 && !limited; c++) {
      const client = freshClient();
      for (let i = 0; i < ADMIN_PER_CLIENT && !limited; i++) {
        const res = await adminSignIn(client, `botnet-${c}-${i}`);
        if (res.status === 429) limited = res;
        else {
          expectErrorShape(res, 401);
          failures++;
        }
      }
    }
    expect(failures).toBe(ADMIN_GLOBAL);
    expectLimited(limited!);

    // The right password from anywhere else, the owner's own address included: closed.
    expectLimited(await adminSignIn(freshClient(), 'admin'));
    expectLimited(await adminSignIn(ownerAddress, 'admin'));
    // A forged device: a changed signature, a customer's device cookie under the admin's name.
    expectLimited(await adminSignIn(freshClient(), 'admin', tampered(owner)));
    expectLimited(await adminSignIn(freshClient(), 'admin', customerDevice.replace(`${CUSTOMER_DEVICE}=`, `${ADMIN_DEVICE}=`)));

    // The browser the admin signed in from, at its old address or a new one.
    for (const address of [ownerAddress, freshClient()]) {
      const res = await adminSignIn(address, 'admin', owner);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ success: true, username: 'admin' });
    }
  });

  it('a known browser is still limited on its own: its 11th wrong password is refused, the right one with it', async () => {
    await clearRateLimits(...ADMIN_RULES);
    const owner = sentBack(await adminSignIn(freshClient(), 'admin'), ADMIN_DEVICE);
    for (let i = 0; i < ADMIN_PER_CLIENT; i++) expectErrorShape(await adminSignIn(freshClient(), `stolen-device-${i}`, owner), 401);
    expectLimited(await adminSignIn(freshClient(), 'admin', owner));
    await clearRateLimits(...ADMIN_RULES);
  });
});

describe('customer sign-in under a botnet', () => {
  let victim: Customer;
  let ownerDevice: string;

  beforeAll(async () => {
    victim = await registerCustomer('device-victim');
    ownerDevice = sentBack(await customerSignIn(freshClient(), victim.email, PASSWORD), CUSTOMER_DEVICE);
    expect(ownerDevice).toMatch(new RegExp(`^${CUSTOMER_DEVICE}=.+`));
    // The botnet starts from a count of its own (the owner's sign-in above counted one).
    await clearRateLimits('login-account');
  });

  it(`guessing spread over many addresses closes the account to strangers after ${ACCOUNT_LIMIT} failures, not to the owner's browser`, async () => {
    expect(await spreadGuessing(victim.email)).toBe(ACCOUNT_LIMIT);
    expectLimited(await customerSignIn(freshClient(), victim.email, PASSWORD));

    // A device of another account is a stranger here, even with the right password.
    const other = await registerCustomer('device-other');
    const otherDevice = sentBack(await customerSignIn(freshClient(), other.email, PASSWORD), CUSTOMER_DEVICE);
    expectLimited(await customerSignIn(freshClient(), victim.email, PASSWORD, otherDevice));
    expectLimited(await customerSignIn(freshClient(), victim.email, PASSWORD, tampered(ownerDevice)));

    const owner = await customerSignIn(freshClient(), victim.email, PASSWORD, ownerDevice);
    expect(owner.status, owner.text).toBe(200);
    expect(owner.body).toMatchObject({ success: true, user: { id: victim.id } });
    ownerDevice = sentBack(owner, CUSTOMER_DEVICE);
  });

  it("a stranger on the owner's own address, failing at every account, does not close it to the owner's browser", async () => {
    const shared = freshClient();
    for (let i = 0; i < 12; i++) {
      const res = await customerSignIn(shared, `someone-${i}@example.com`, 'Wrong-Password-2');
      expect([401, 429]).toContain(res.status);
    }
    expectLimited(await customerSignIn(shared, victim.email, PASSWORD));
    const owner = await customerSignIn(shared, victim.email, PASSWORD, ownerDevice);
    expect(owner.status, owner.text).toBe(200);
    ownerDevice = sentBack(owner, CUSTOMER_DEVICE);
  });

  it(`reset requests: ${RESET_ACCOUNT_LIMIT} from many addresses close the account's resets to strangers, not to the owner's browser`, async () => {
    let sent = 0;
    for (let i = 0; i < RESET_ACCOUNT_LIMIT + 3; i++) {
      const res = await callFrom(freshClient(), 'POST', '/api/auth/forgot-password', { form: { email: victim.email } });
      if (res.status === 200) sent++;
      else expectLimited(res);
    }
    expect(sent).toBe(RESET_ACCOUNT_LIMIT);
    expectLimited(await callFrom(freshClient(), 'POST', '/api/auth/forgot-password', { form: { email: victim.email } }));
    await waitForResetTokens(victim.email, sent);

    const owner = await callFrom(freshClient(), 'POST', '/api/auth/forgot-password', withCookie(ownerDevice, { form: { email: victim.email } }));
    expect(owner.status, owner.text).toBe(200);
    expect(await waitForResetTokens(victim.email, sent + 1)).toHaveLength(sent + 1);
  });
});
