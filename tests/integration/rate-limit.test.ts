// Fixed-window rate limits counted in Postgres.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

async function loadApp() {
  const [rateLimit, errors, db] = await Promise.all([import('@/lib/domain/rate-limit'), import('@/lib/domain/errors'), import('@/lib/infra/db')]);
  return { ...rateLimit, AppError: errors.AppError, db: db.db };
}

let app: Awaited<ReturnType<typeof loadApp>>;
const name = `it-rate-${randomBytes(4).toString('hex')}`;

async function hit(rule: { name: string; limit: number; windowSeconds: number }, subject: string) {
  return app.enforceRateLimit(rule, subject).then(
    () => 'allowed' as const,
    (error: unknown) => {
      if (error instanceof app.AppError && error.code === 'rate_limited') return error;
      throw error;
    },
  );
}

beforeAll(async () => {
  app = await loadApp();
});

describe('enforceRateLimit', () => {
  it('allows `limit` hits in a window, then refuses with the seconds to wait', async () => {
    const rule = { name: `${name}-a`, limit: 3, windowSeconds: 60 };
    expect([await hit(rule, 'ip-1'), await hit(rule, 'ip-1'), await hit(rule, 'ip-1')]).toEqual(['allowed', 'allowed', 'allowed']);
    const refused = await hit(rule, 'ip-1');
    expect(refused).toBeInstanceOf(app.AppError);
    const error = refused as InstanceType<typeof app.AppError>;
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(error.message).toBe(`Too many attempts. Please try again in ${error.retryAfterSeconds} seconds.`);
    expect(await hit(rule, 'ip-1')).toBeInstanceOf(app.AppError);
  });

  it('counts each subject and each rule separately', async () => {
    const rule = { name: `${name}-b`, limit: 1, windowSeconds: 60 };
    expect(await hit(rule, 'ip-1')).toBe('allowed');
    expect(await hit(rule, 'ip-1')).toBeInstanceOf(app.AppError);
    expect(await hit(rule, 'ip-2')).toBe('allowed');
    expect(await hit({ ...rule, name: `${name}-c` }, 'ip-1')).toBe('allowed');
  });

  it('counts parallel hits exactly', async () => {
    const rule = { name: `${name}-d`, limit: 5, windowSeconds: 60 };
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => hit(rule, 'burst')));
    expect(outcomes.filter((o) => o === 'allowed')).toHaveLength(5);
  });

  it('starts a new window once the old one has passed', async () => {
    const rule = { name: `${name}-e`, limit: 2, windowSeconds: 1 };
    expect(await hit(rule, 'ip-1')).toBe('allowed');
    expect(await hit(rule, 'ip-1')).toBe('allowed');
    const refused = await hit(rule, 'ip-1');
    expect(refused).toBeInstanceOf(app.AppError);
    expect((refused as InstanceType<typeof app.AppError>).retryAfterSeconds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await hit(rule, 'ip-1')).toBe('allowed');
    expect(await hit(rule, 'ip-1')).toBe('allowed');
    expect(await hit(rule, 'ip-1')).toBeInstanceOf(app.AppError);
  });
});
