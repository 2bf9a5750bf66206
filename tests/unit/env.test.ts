import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://u:p@db.example.com/shop' };
const strongSecret = 'a'.repeat(48);

describe('environment', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ SITE_URL: 'http://localhost:3000', ADMIN_USERNAME: 'admin', S3_BUCKET: 'shop-files', DATA_DIR: '.data' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '  ', STRIPE_SECRET_KEY: '' }).DATABASE_URL).toBeUndefined();
  });

  it('refuses production on a real database with the demo secret or admin password', () => {
    expect(() => parseEnv(production)).toThrow(/AUTH_SECRET[\s\S]*ADMIN_PASSWORD/);
    expect(() => parseEnv({ ...production, AUTH_SECRET: strongSecret })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseEnv({ ...production, ADMIN_PASSWORD: 'a-long-real-password' })).toThrow(/AUTH_SECRET/);
    expect(() => parseEnv({ ...production, AUTH_SECRET: 'short', ADMIN_PASSWORD: 'a-long-real-password' })).toThrow(/AUTH_SECRET/);
  });

  it('starts production with real secrets', () => {
    const env = parseEnv({ ...production, AUTH_SECRET: strongSecret, ADMIN_PASSWORD: 'a-long-real-password' });
    expect(env.NODE_ENV).toBe('production');
  });

  it('rejects a malformed site URL', () => {
    expect(() => parseEnv({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
  });
});
