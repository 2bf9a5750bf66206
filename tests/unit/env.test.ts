import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, parseEnv } from '@/lib/env';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://u:p@db.example.com/shop' };
const strongSecret = 'a'.repeat(48);
const liveKey = `sk_live_${'A1b2C3d4'.repeat(4)}`;
const testKey = `sk_test_${'A1b2C3d4'.repeat(4)}`;
const webhookSecret = `whsec_${'Zx9'.repeat(10)}`;
// A real deployment with everything it needs; each test takes something away.
const deployment = {
  ...production,
  AUTH_SECRET: strongSecret,
  ADMIN_PASSWORD: 'a-long-real-password',
  SITE_URL: 'https://shop.example.com',
  STRIPE_SECRET_KEY: liveKey,
  STRIPE_WEBHOOK_SECRET: webhookSecret,
};

function refusal(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as Error).message;
  }
  throw new Error('expected the environment to be refused');
}

/** The variables a refusal names, in order, without duplicates. */
function named(message: string): string[] {
  return [...new Set([...message.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]))];
}

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
    expect(() => parseEnv({ ...deployment, AUTH_SECRET: undefined, ADMIN_PASSWORD: undefined })).toThrow(/AUTH_SECRET[\s\S]*ADMIN_PASSWORD/);
    expect(named(refusal({ ...deployment, ADMIN_PASSWORD: undefined }))).toEqual(['ADMIN_PASSWORD']);
    expect(named(refusal({ ...deployment, AUTH_SECRET: undefined }))).toEqual(['AUTH_SECRET']);
    expect(named(refusal({ ...deployment, AUTH_SECRET: 'short' }))).toEqual(['AUTH_SECRET']);
  });

  it('starts production with real secrets, https and live Stripe keys, in Stripe mode', () => {
    const env = parseEnv(deployment);
    expect(env.NODE_ENV).toBe('production');
    expect(env.PAYMENT_MODE).toBe('stripe');
  });

  it('rejects a malformed site URL', () => {
    expect(() => parseEnv({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
  });
});

describe('payment mode', () => {
  it('is test payments on the defaults: development, tests and the embedded database', () => {
    expect(parseEnv({}).PAYMENT_MODE).toBe('test');
    expect(parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://u:p@db.example.com/shop' }).PAYMENT_MODE).toBe('test');
    expect(parseEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgresql://u:p@db.example.com/shop' }).PAYMENT_MODE).toBe('test');
    expect(parseEnv({ NODE_ENV: 'production' }).PAYMENT_MODE).toBe('test');
    expect(parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://u:p@127.0.0.1:5599/shop', SHOP_EMBEDDED: '1' }).PAYMENT_MODE).toBe('test');
  });

  it('is Stripe whenever a key is set, and whatever PAYMENT_MODE names', () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: testKey }).PAYMENT_MODE).toBe('stripe');
    expect(parseEnv({ PAYMENT_MODE: 'test', STRIPE_SECRET_KEY: testKey }).PAYMENT_MODE).toBe('test');
    expect(parseEnv({ ...deployment, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, PAYMENT_MODE: 'test' }).PAYMENT_MODE).toBe('test');
  });

  it('refuses PAYMENT_MODE=stripe without a key, and an unknown mode', () => {
    expect(named(refusal({ PAYMENT_MODE: 'stripe' }))).toEqual(['STRIPE_SECRET_KEY']);
    expect(named(refusal({ PAYMENT_MODE: 'free' }))).toEqual(['PAYMENT_MODE']);
  });

  it('never falls into test payments in a real deployment: both Stripe variables are required', () => {
    expect(named(refusal({ ...deployment, STRIPE_SECRET_KEY: undefined }))).toEqual(['STRIPE_SECRET_KEY']);
    expect(named(refusal({ ...deployment, STRIPE_WEBHOOK_SECRET: undefined }))).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(named(refusal({ ...deployment, STRIPE_SECRET_KEY: ' ', STRIPE_WEBHOOK_SECRET: '' }))).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });
});

describe('Stripe keys', () => {
  it('refuses malformed keys and webhook secrets anywhere', () => {
    for (const key of [
      'sk_live_short',
      'pk_live_' + 'A'.repeat(24),
      'sk_prod_' + 'A'.repeat(24),
      'whsec_' + 'A'.repeat(24),
      'sk_live_' + 'A'.repeat(20) + ' x',
    ]) {
      expect(named(refusal({ STRIPE_SECRET_KEY: key }))).toEqual(['STRIPE_SECRET_KEY']);
    }
    for (const secret of ['whsec_', 'whsec_short', liveKey, 'secret']) {
      expect(named(refusal({ STRIPE_WEBHOOK_SECRET: secret }))).toEqual(['STRIPE_WEBHOOK_SECRET']);
    }
  });

  it('accepts secret and restricted keys, live and test, outside production', () => {
    for (const key of [liveKey, testKey, `rk_live_${'Q'.repeat(24)}`, `rk_test_${'Q'.repeat(24)}`]) {
      expect(parseEnv({ STRIPE_SECRET_KEY: key }).STRIPE_SECRET_KEY).toBe(key);
    }
  });

  it('refuses test-mode keys in a real deployment unless STRIPE_ALLOW_TEST_KEYS says so', () => {
    expect(refusal({ ...deployment, STRIPE_SECRET_KEY: testKey })).toMatch(/STRIPE_SECRET_KEY: is a test-mode key/);
    expect(named(refusal({ ...deployment, STRIPE_SECRET_KEY: `rk_test_${'Q'.repeat(24)}` }))).toEqual(['STRIPE_SECRET_KEY']);
    expect(named(refusal({ ...deployment, STRIPE_SECRET_KEY: testKey, STRIPE_ALLOW_TEST_KEYS: '0' }))).toEqual(['STRIPE_SECRET_KEY']);
    expect(parseEnv({ ...deployment, STRIPE_SECRET_KEY: testKey, STRIPE_ALLOW_TEST_KEYS: '1' }).PAYMENT_MODE).toBe('stripe');
    expect(named(refusal({ ...deployment, STRIPE_ALLOW_TEST_KEYS: 'yes' }))).toEqual(['STRIPE_ALLOW_TEST_KEYS']);
  });
});

describe('site URL in production', () => {
  it('refuses plain http unless SITE_URL_ALLOW_HTTP allows a local trial', () => {
    expect(named(refusal({ ...deployment, SITE_URL: 'http://shop.example.com' }))).toEqual(['SITE_URL']);
    expect(named(refusal({ ...deployment, SITE_URL: undefined }))).toEqual(['SITE_URL']);
    expect(parseEnv({ ...deployment, SITE_URL: 'http://localhost:3000', SITE_URL_ALLOW_HTTP: '1' }).SITE_URL).toBe('http://localhost:3000');
  });

  it('allows http where no real deployment runs', () => {
    expect(parseEnv({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' }).SITE_URL).toBe('http://localhost:3000');
  });
});

describe('connection and ZIP limits', () => {
  it('defaults to 50 shared storage connections and 16 ZIPs per instance, empty meaning unset', () => {
    expect(parseEnv({})).toMatchObject({ S3_MAX_CONNECTIONS: 50, ZIP_DOWNLOADS_PER_INSTANCE: 16 });
    expect(parseEnv({ S3_MAX_CONNECTIONS: '', ZIP_DOWNLOADS_PER_INSTANCE: ' ' })).toMatchObject({ S3_MAX_CONNECTIONS: 50, ZIP_DOWNLOADS_PER_INSTANCE: 16 });
    expect(parseEnv({ S3_MAX_CONNECTIONS: '80', ZIP_DOWNLOADS_PER_INSTANCE: '4' })).toMatchObject({ S3_MAX_CONNECTIONS: 80, ZIP_DOWNLOADS_PER_INSTANCE: 4 });
  });

  it('refuses a count that is not a whole number from 1 to 1000, naming it', () => {
    for (const value of ['0', '-3', '2.5', 'many', '5000']) {
      expect(named(refusal({ S3_MAX_CONNECTIONS: value, ZIP_DOWNLOADS_PER_INSTANCE: value }))).toEqual(['S3_MAX_CONNECTIONS', 'ZIP_DOWNLOADS_PER_INSTANCE']);
    }
  });
});

describe('one refusal names every problem', () => {
  it('lists every missing or unsafe variable in a single message', () => {
    const message = refusal({ ...production, SITE_URL: 'http://shop.example.com', STRIPE_SECRET_KEY: testKey, PAYMENT_MODE: 'stripe' });
    expect(message.match(/Invalid environment/g)).toHaveLength(1);
    expect(named(message)).toEqual(['AUTH_SECRET', 'ADMIN_PASSWORD', 'SITE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('still names the deployment problems when a variable is also malformed', () => {
    const message = refusal({
      ...production,
      STRIPE_SECRET_KEY: 'sk_live_oops',
      SITE_URL_ALLOW_HTTP: 'maybe',
      TRUSTED_PROXY_HOPS: 'two',
      S3_FORCE_PATH_STYLE: 'yes',
    });
    expect(named(message)).toEqual(
      expect.arrayContaining([
        'STRIPE_SECRET_KEY',
        'SITE_URL_ALLOW_HTTP',
        'TRUSTED_PROXY_HOPS',
        'S3_FORCE_PATH_STYLE',
        'AUTH_SECRET',
        'ADMIN_PASSWORD',
        'SITE_URL',
        'STRIPE_WEBHOOK_SECRET',
      ]),
    );
  });
});

describe('SHOP_EMBEDDED', () => {
  it('skips the deployment checks only for a database on this machine', () => {
    for (const url of ['postgresql://u:p@127.0.0.1:5599/shop', 'postgresql://u:p@localhost:5599/shop', 'postgresql://u:p@[::1]:5599/shop']) {
      expect(parseEnv({ NODE_ENV: 'production', DATABASE_URL: url, SHOP_EMBEDDED: '1' }).PAYMENT_MODE).toBe('test');
    }
  });

  it('does not switch the checks off for a database elsewhere', () => {
    for (const url of [
      'postgresql://u:p@db.example.com/shop',
      'postgresql://u:p@10.0.0.5:5432/shop',
      'postgresql://u:p@127.0.0.1:5432/shop?host=db.example.com',
    ]) {
      expect(named(refusal({ NODE_ENV: 'production', DATABASE_URL: url, SHOP_EMBEDDED: '1' }))).toEqual(
        expect.arrayContaining(['AUTH_SECRET', 'ADMIN_PASSWORD', 'SITE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']),
      );
    }
  });
});
