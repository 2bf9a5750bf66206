import { z } from 'zod';

// The only reader of process.env. Every variable is documented in .env.example;
// unset means the embedded default that `npm start` provides.

const DEV_AUTH_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
const DEV_ADMIN_PASSWORD = 'admin';

// Stripe's formats: secret (sk_) or restricted (rk_) keys, live or test, and webhook signing secrets.
const STRIPE_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9]{16,}$/;
const STRIPE_TEST_KEY = /^(sk|rk)_test_/;
const STRIPE_WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=_-]{16,}$/;

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

// An on/off switch: 1/true or 0/false; anything else is a typo that must not pass for "off".
const flag = optional
  .refine((v) => v === undefined || ['1', '0', 'true', 'false'].includes(v), { message: 'use 1 (on) or 0 (off)' })
  .transform((v) => v === '1' || v === 'true');

// A whole number of things (connections, slots); empty means the default.
const positiveCount = (fallback: number) => optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(1000).default(fallback));

const fields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optional,
  // Set by `npm start` and the test runner when they started the embedded database themselves.
  SHOP_EMBEDDED: flag,
  SITE_URL: z.url().default('http://localhost:3000'),
  // Lets a production build serve plain http, for a trial on the owner's own machine.
  SITE_URL_ALLOW_HTTP: flag,
  AUTH_SECRET: z.string().default(DEV_AUTH_SECRET),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(1).default(DEV_ADMIN_PASSWORD),
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('shop-files'),
  S3_PUBLIC_BUCKET: z.string().default('shop-public'),
  S3_ACCESS_KEY_ID: z.string().default('S3RVER'),
  S3_SECRET_ACCESS_KEY: z.string().default('S3RVER'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  MEDIA_PUBLIC_URL: optional,
  // Storage connections of one instance for media, uploads and the back office (the SDK's own default is 50).
  S3_MAX_CONNECTIONS: positiveCount(50),
  // "Download all" ZIPs one instance streams at once; also the size of their own storage pool (Decision 074).
  ZIP_DOWNLOADS_PER_INSTANCE: positiveCount(16),
  // Unset: Stripe when a key is set, otherwise test payments where they are the default (see below).
  PAYMENT_MODE: optional.refine((v) => v === undefined || v === 'test' || v === 'stripe', { message: 'use test or stripe' }),
  STRIPE_SECRET_KEY: optional.refine((v) => v === undefined || STRIPE_KEY.test(v), {
    message: 'not a Stripe secret key (sk_live_…, sk_test_…, rk_live_… or rk_test_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optional.refine((v) => v === undefined || STRIPE_WEBHOOK_SECRET.test(v), {
    message: 'not a Stripe webhook signing secret (whsec_…)',
  }),
  // Lets a production deployment (a staging shop) take Stripe test-mode keys.
  STRIPE_ALLOW_TEST_KEYS: flag,
  STRIPE_API_HOST: optional,
  SMTP_URL: optional,
  EMAIL_FROM: z.string().default('Design Shop <orders@localhost>'),
  DATA_DIR: z.string().default('.data'),
  // Shared page and data cache for several instances (lib/cache/redis-cache-store.mjs reads it, Decisions 055).
  REDIS_URL: optional.refine((v) => v === undefined || /^rediss?:\/\/[^\s]+$/.test(v), { message: 'use redis://host:port or rediss://…' }),
  // Where `npm start` / `npm run dev` listen (listenHost below).
  HOST: optional.refine((v) => v === undefined || /^[0-9A-Za-z.:%-]+$/.test(v), { message: 'an address to listen on, e.g. 127.0.0.1 or 0.0.0.0' }),
  // Proxies in front of the shop that append to X-Forwarded-For (0: clients connect directly).
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
});
type Fields = z.output<typeof fields>;

const schema = fields
  .superRefine(
    (env, ctx) => {
      const issue = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
      if (env.PAYMENT_MODE === 'stripe' && !env.STRIPE_SECRET_KEY) issue('STRIPE_SECRET_KEY', 'required when PAYMENT_MODE=stripe');
      if (!isRealDeployment(env)) return;
      // A real deployment must neither run on demo secrets nor fall into test payments,
      // which hand out every product and a membership for free.
      if (env.AUTH_SECRET === DEV_AUTH_SECRET || env.AUTH_SECRET.length < 32) {
        issue('AUTH_SECRET', 'set a random secret of at least 32 characters in production');
      }
      if (env.ADMIN_PASSWORD === DEV_ADMIN_PASSWORD || env.ADMIN_PASSWORD.length < 12) {
        issue('ADMIN_PASSWORD', 'set a real admin password (12+ characters) in production');
      }
      if (!isHttps(env.SITE_URL) && env.SITE_URL_ALLOW_HTTP !== true) {
        issue('SITE_URL', 'must be an https:// address in production (SITE_URL_ALLOW_HTTP=1 allows http for a local trial)');
      }
      if (env.PAYMENT_MODE === 'test') return;
      if (!env.STRIPE_SECRET_KEY) {
        issue('STRIPE_SECRET_KEY', 'required in production (or PAYMENT_MODE=test for a shop that gives its goods away)');
      } else if (STRIPE_TEST_KEY.test(env.STRIPE_SECRET_KEY) && env.STRIPE_ALLOW_TEST_KEYS !== true) {
        issue('STRIPE_SECRET_KEY', 'is a test-mode key; use a live key in production (STRIPE_ALLOW_TEST_KEYS=1 for a staging shop)');
      }
      if (!env.STRIPE_WEBHOOK_SECRET) issue('STRIPE_WEBHOOK_SECRET', 'required in production: the signing secret of the Stripe webhook endpoint');
    },
    // Runs even when a field is malformed, so one message names every problem at once.
    { when: () => true },
  )
  .transform((env) => ({ ...env, PAYMENT_MODE: resolvePaymentMode(env) }));

/**
 * A production build on a database the owner chose. SHOP_EMBEDDED only counts for a
 * database on this machine's loopback address, so a stray SHOP_EMBEDDED=1 in a real
 * deployment's environment cannot switch its checks off.
 */
function isRealDeployment(env: Fields): boolean {
  if (env.NODE_ENV !== 'production' || !env.DATABASE_URL) return false;
  return !(env.SHOP_EMBEDDED === true && isLoopbackDatabase(env.DATABASE_URL));
}

function isLoopbackDatabase(url: string): boolean {
  try {
    const parsed = new URL(url);
    // A host in the query (a socket path or another server) overrides the one in the authority.
    if (parsed.searchParams.has('host')) return false;
    return parsed.hostname === 'localhost' || parsed.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(parsed.hostname);
  } catch {
    return false;
  }
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

export type PaymentMode = 'stripe' | 'test';

// Test payments only where they are the default (development, tests, the embedded
// database) or asked for by name: the refinement above refuses a real deployment
// without a Stripe key, so this never runs for one.
function resolvePaymentMode(env: Fields): PaymentMode {
  if (env.PAYMENT_MODE === 'test' || env.PAYMENT_MODE === 'stripe') return env.PAYMENT_MODE;
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'test';
}

export type Env = z.infer<typeof schema>;

/** The environment is unusable; the message names every variable at fault. */
export class InvalidEnvironmentError extends Error {
  override name = 'InvalidEnvironmentError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new InvalidEnvironmentError(`Invalid environment (the shop will not start):\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Runs `check` and ends the process with its one message when the environment is
 * unusable: a misconfigured shop must not run at all, and the message (not a stack
 * trace) is what the owner needs. Used by `npm start` and by the server's start-up.
 */
export function exitIfInvalidEnvironment(check: () => unknown): void {
  try {
    check();
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    console.error(`[shop] ${error.message}`);
    process.exit(1);
  }
}

/**
 * Where `npm start` listens (Decisions 073): HOST when set; otherwise this machine only, so a
 * demo on a laptop is not on the café's network by accident; a production start
 * (NODE_ENV=production) keeps every interface, as its balancer may be on another machine.
 */
export function listenHost(settings: Pick<Env, 'HOST' | 'NODE_ENV'>): string | undefined {
  return settings.HOST ?? (settings.NODE_ENV === 'production' ? undefined : '127.0.0.1');
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
