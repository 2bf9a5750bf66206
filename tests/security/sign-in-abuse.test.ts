// Issue #13 §3: password reset and sign-in cannot be turned against the server
// or a customer. Reset is limited per client before any work, and a made-up
// link costs no password hashing (measured as the server's CPU time, issue #24
// §9); a reset kills the account's other links; a stranger failing on purpose
// cannot lock an owner out of sign-in or reset; admin sign-in has a cap over
// all clients (which a browser the admin signed in from before is spared:
// known-devices.test.ts). Different clients are different loopback addresses
// (clients.ts), as the shop sees them.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, resetTokensSent, waitForResetTokens } from './clients';
import { clearRateLimits, closeDb, expectErrorShape, registerCustomer, sql, unique, type Customer, type Reply } from './helpers';
import { spawnShop, waitForShop, type ShopProcess } from './shop-server';

const PASSWORD = 'correct horse battery';
const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';
// RATE_LIMITS: reset 10 per 15 minutes per client; admin-login 10 per client and 100 over all clients per 15 minutes.
const RESET_LIMIT = 10;
const ADMIN_PER_CLIENT = 10;
const ADMIN_GLOBAL = 100;
const RULES = ['login', 'login-pair', 'login-account', 'forgot', 'forgot-pair', 'forgot-account', 'reset', 'admin-login', 'admin-login-all', 'register'];

let nextHost = 10;
/** A loopback address no other test of this file has used. */
const freshClient = () => `127.0.13.${nextHost++}`;

const madeUpToken = () => `${'x'.repeat(11)}${Math.random().toString(36).slice(2)}${'y'.repeat(11)}`;

function expectLimited(reply: Reply) {
  expectErrorShape(reply, 429);
  expect(reply.body).toMatchObject({ code: 'rate_limited' });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
}

const passwordHash = async (id: string) => (await sql<{ passwordHash: string }>(`SELECT "passwordHash" FROM "User" WHERE id = $1`, [id]))[0].passwordHash;

beforeAll(async () => {
  await clearRateLimits(...RULES);
});

afterAll(async () => {
  // Every counter this file filled, so later runners (e2e sign-ins, admin logins) start fresh.
  await clearRateLimits(...RULES);
  await closeDb();
});

describe('POST /api/auth/reset-password', () => {
  let customer: Customer;
  let link: string;

  beforeAll(async () => {
    customer = await registerCustomer('reset-limit');
    expect((await callFrom(freshClient(), 'POST', '/api/auth/forgot-password', { form: { email: customer.email } })).status).toBe(200);
    [link] = await waitForResetTokens(customer.email, 1);
  });

  it(`is limited per client before any work: after ${RESET_LIMIT} tries even a valid link is refused, before the body is read`, async () => {
    const client = freshClient();
    const before = await passwordHash(customer.id);
    for (let i = 0; i < RESET_LIMIT; i++) {
      const res = await callFrom(client, 'POST', '/api/auth/reset-password', { form: { token: madeUpToken(), new_password: 'Guessing-Along-77' } });
      expectErrorShape(res, 400);
      expect(res.body).toMatchObject({ detail: INVALID_LINK });
    }
    expectLimited(await callFrom(client, 'POST', '/api/auth/reset-password', { form: { token: link, new_password: 'Taken-Over-Pass-1' } }));
    // A body that could not even be parsed gets the same answer: the limit comes first.
    expectLimited(await callFrom(client, 'POST', '/api/auth/reset-password', { headers: { 'content-type': 'application/json' }, body: '{not json' }));
    expect(await passwordHash(customer.id)).toBe(before);

    // The link itself is fine: from another client it works.
    const other = await callFrom(freshClient(), 'POST', '/api/auth/reset-password', { form: { token: link, new_password: 'Owner-Chosen-Pass-2' } });
    expect(other.status, other.text).toBe(200);
    expect(await passwordHash(customer.id)).not.toBe(before);
  });

  it('a successful reset kills every other reset link of the account, and its sessions', async () => {
    const owner = await registerCustomer('reset-links');
    for (let i = 0; i < 3; i++) expect((await callFrom(freshClient(), 'POST', '/api/auth/forgot-password', { form: { email: owner.email } })).status).toBe(200);
    const links = await waitForResetTokens(owner.email, 3);
    expect(new Set(links).size).toBe(3);

    const used = await callFrom(freshClient(), 'POST', '/api/auth/reset-password', { form: { token: links[1], new_password: 'Second-Link-Pass-5' } });
    expect(used.status, used.text).toBe(200);
    for (const token of [links[0], links[2], links[1]]) {
      const res = await callFrom(freshClient(), 'POST', '/api/auth/reset-password', { form: { token, new_password: 'Someone-Else-Pass-6' } });
      expectErrorShape(res, 400);
      expect(res.body).toMatchObject({ detail: INVALID_LINK });
    }
    expectErrorShape(await callFrom(freshClient(), 'GET', `/api/orders/${owner.id}`, { headers: owner.auth }), 401);
    const signIn = await callFrom(freshClient(), 'POST', '/api/auth/user-login', { form: { email: owner.email, password: 'Second-Link-Pass-5' } });
    expect(signIn.status, signIn.text).toBe(200);
  });
});

/** CPU seconds a process has used so far, every thread together (utime + stime of /proc/<pid>/stat, in ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// Timing a request would measure the machine's load; the CPU the server spends is
// its own. argon2 (19 MiB, 2 passes) costs tens of milliseconds of it per password,
// far more than answering a request, so a route that hashes shows in the count.
describe('a made-up reset link', () => {
  let shop: ShopProcess;
  const REQUESTS = 40;

  beforeAll(async () => {
    shop = await spawnShop({});
    await waitForShop(shop);
  }, 90_000);

  afterAll(async () => {
    await shop?.stop();
  });

  /** The server's CPU seconds for `send` run `REQUESTS` times, from a fresh client every 5 (under every per-client limit). */
  async function serverCpuFor(send: (client: string, i: number) => Promise<void>, requests = REQUESTS): Promise<number> {
    const pid = shop.pid as number;
    const before = cpuSeconds(pid);
    let client = freshClient();
    for (let i = 0; i < requests; i++) {
      if (i % 5 === 0) client = freshClient();
      await send(client, i);
    }
    return cpuSeconds(pid) - before;
  }

  const tryMadeUpLink = async (client: string) => {
    const res = await callFrom(
      client,
      'POST',
      '/api/auth/reset-password',
      { form: { token: madeUpToken(), new_password: 'A-perfectly-good-one-4' } },
      shop.url,
    );
    expectErrorShape(res, 400);
    expect(res.body).toMatchObject({ detail: INVALID_LINK });
  };
  // The control: an unknown account's sign-in verifies the password against a stand-in hash, once.
  const trySignIn = async (client: string, i: number) => {
    const res = await callFrom(
      client,
      'POST',
      '/api/auth/user-login',
      { form: { email: `nobody-${unique()}-${i}@example.com`, password: 'A-perfectly-good-one-4' } },
      shop.url,
    );
    expectErrorShape(res, 401);
  };

  it(`is answered without hashing the new password: ${REQUESTS} of them cost the server a fraction of the CPU of ${REQUESTS} sign-ins`, async () => {
    // Both routes once first, so neither count includes loading its code.
    await serverCpuFor(tryMadeUpLink, 5);
    await serverCpuFor(trySignIn, 5);
    const resets = await serverCpuFor(tryMadeUpLink);
    const signIns = await serverCpuFor(trySignIn);
    // At least 10 ms a hash, or the control measured nothing.
    expect(signIns).toBeGreaterThan(REQUESTS * 0.01);
    // Measured: about a fifth without hashing, nine tenths with it (the hash moved before the lookup).
    expect(resets, `${resets.toFixed(2)} s for the links, ${signIns.toFixed(2)} s for the sign-ins`).toBeLessThan(signIns * 0.4);
  });
});

describe('a stranger failing on purpose', () => {
  it('from one client cannot lock the owner out of sign-in', async () => {
    const victim = await registerCustomer('lockout-login');
    const stranger = freshClient();
    let refusedAt = -1;
    for (let i = 0; i < 40; i++) {
      const res = await callFrom(stranger, 'POST', '/api/auth/user-login', { form: { email: victim.email, password: `Wrong-Guess-${i}` } });
      if (res.status === 429) {
        expectLimited(res);
        refusedAt = refusedAt < 0 ? i : refusedAt;
      } else {
        expect(refusedAt, 'once refused, the stranger stays refused').toBe(-1);
        expectErrorShape(res, 401);
        expect(res.body).toMatchObject({ detail: 'Invalid email or password' });
      }
    }
    expect(refusedAt).toBeGreaterThan(0);
    expect(refusedAt).toBeLessThanOrEqual(10);

    const owner = await callFrom(freshClient(), 'POST', '/api/auth/user-login', { form: { email: victim.email, password: PASSWORD } });
    expect(owner.status, owner.text).toBe(200);
    expect(owner.body).toMatchObject({ success: true, user: { id: victim.id } });
  });

  it('from one client cannot lock the owner out of password reset', async () => {
    const victim = await registerCustomer('lockout-reset');
    const stranger = freshClient();
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      const res = await callFrom(stranger, 'POST', '/api/auth/forgot-password', { form: { email: victim.email } });
      if (res.status === 429) {
        expectLimited(res);
        refused++;
      } else expect(res.status, res.text).toBe(200);
    }
    expect(refused).toBeGreaterThan(0);
    const strangersEmails = (await waitForResetTokens(victim.email, 20 - refused)).length;
    expect(strangersEmails).toBe(20 - refused);

    const owner = await callFrom(freshClient(), 'POST', '/api/auth/forgot-password', { form: { email: victim.email } });
    expect(owner.status, owner.text).toBe(200);
    const links = await waitForResetTokens(victim.email, strangersEmails + 1);
    const reset = await callFrom(freshClient(), 'POST', '/api/auth/reset-password', {
      form: { token: links[links.length - 1], new_password: 'Owner-Is-Back-In-8' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(resetTokensSent(victim.email)).toHaveLength(strangersEmails + 1);
  });

  it('spread over many clients is still slowed by a per-account limit', async () => {
    const target = await registerCustomer('distributed');
    let attempts = 0;
    let limited: Reply | null = null;
    for (let c = 0; c < 15 && !limited; c++) {
      const client = freshClient();
      for (let i = 0; i < 5 && !limited; i++) {
        const res = await callFrom(client, 'POST', '/api/auth/user-login', { form: { email: target.email, password: `Spread-Guess-${c}-${i}` } });
        if (res.status === 429) limited = res;
        else {
          expectErrorShape(res, 401);
          attempts++;
        }
      }
    }
    expect(limited, 'a limit over all clients for one account').not.toBeNull();
    expectLimited(limited!);
    // High enough that a stranger from a few addresses cannot reach it (the tests above), low enough to cap a botnet.
    expect(attempts).toBe(50);
  });
});

describe('admin sign-in', () => {
  it(`is capped over all clients: ${ADMIN_GLOBAL} failures from many addresses close it, the right password included`, async () => {
    await clearRateLimits('admin-login', 'admin-login-all');
    let failures = 0;
    let limited: Reply | null = null;
    for (let c = 0; c < Math.ceil(ADMIN_GLOBAL / ADMIN_PER_CLIENT) + 2 && !limited; c++) {
      const client = freshClient();
      for (let i = 0; i < ADMIN_PER_CLIENT && !limited; i++) {
        const res = await callFrom(client, 'POST', '/api/auth/login', { form: { username: 'admin', password: `botnet-${c}-${i}` } });
        if (res.status === 429) limited = res;
        else {
          expectErrorShape(res, 401);
          expect(res.body).toMatchObject({ detail: 'Invalid credentials' });
          failures++;
        }
      }
    }
    expect(limited, 'a cap over all clients').not.toBeNull();
    expectLimited(limited!);
    expect(failures).toBe(ADMIN_GLOBAL);
    // A client with no failures of its own, with the right password: still closed.
    expectLimited(await callFrom(freshClient(), 'POST', '/api/auth/login', { form: { username: 'admin', password: 'admin' } }));

    await clearRateLimits('admin-login-all');
    const open = await callFrom(freshClient(), 'POST', '/api/auth/login', { form: { username: 'admin', password: 'admin' } });
    expect(open.status, open.text).toBe(200);
  });
});
