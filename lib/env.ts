import { z } from 'zod';

// The only reader of process.env. Every variable is documented in .env.example;
// unset means the embedded default that `npm start` provides.

const DEV_AUTH_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
const DEV_ADMIN_PASSWORD = 'admin';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: optional,
    SITE_URL: z.url().default('http://localhost:3000'),
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
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_API_HOST: optional,
    SMTP_URL: optional,
    EMAIL_FROM: z.string().default('Design Shop <orders@localhost>'),
    DATA_DIR: z.string().default('.data'),
    // Proxies in front of the shop that append to X-Forwarded-For (0: clients connect directly).
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  })
  .superRefine((env, ctx) => {
    // A real deployment (production build on a real database) must not run on demo secrets.
    if (env.NODE_ENV !== 'production' || !env.DATABASE_URL || process.env.SHOP_EMBEDDED === '1') return;
    if (env.AUTH_SECRET === DEV_AUTH_SECRET || env.AUTH_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'set a random secret of at least 32 characters in production' });
    }
    if (env.ADMIN_PASSWORD === DEV_ADMIN_PASSWORD || env.ADMIN_PASSWORD.length < 12) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'set a real admin password (12+ characters) in production' });
    }
  });

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
