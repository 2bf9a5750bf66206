// compose.yaml as Docker Compose would read it (issue #24 §1, §6, §8; Decisions 072, 073): the
// balancer trusts one documented front, the shared cache needs a password the shop carries, the
// shop holds a storage user limited to its buckets rather than MinIO's root keys, and a stopping
// instance has time to drain. No Docker daemon here: parsed with a YAML parser, merge keys and
// all, and ${VAR:-default} read as Compose reads it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_DRAIN_MS } from '../../scripts/lib/balancer';

type Service = {
  image?: string;
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string>;
  env_file?: string | string[];
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }> | string[];
  stop_grace_period?: string;
};
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const SHOP = ['web-a', 'web-b', 'worker', 'migrate'];

/** A value as Compose would run it with nothing set: defaults taken, required variables as <NAME>, $$ as $. */
function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+):-([^}]*)\}/g, (_, _name, fallback: string) => fallback)
    .replace(/\$\{(\w+)(?::?\?[^}]*)?\}/g, (_, name: string) => `<${name}>`)
    .replace(/\$\$/g, '$');
}
const envFiles = (service: Service) => [service.env_file ?? []].flat();
const words = (value: string | string[] | undefined) => [value ?? []].flat().join(' ');

describe('the balancer', () => {
  it('runs the shipped config and is told the one trusted front, none unless set', () => {
    const balancer = services.balancer;
    expect(balancer.volumes).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(interpolate(balancer.environment?.TRUSTED_FRONT ?? 'missing')).toBe('');
  });

  it('is published on loopback unless told otherwise, not on every interface', () => {
    const published = (services.balancer.ports ?? []).map(interpolate);
    expect(published).toEqual(['127.0.0.1:8080:8080']);
  });

  it('the shop counts two hops, HAProxy and the front, as the header of compose.yaml documents', () => {
    for (const name of SHOP) expect(services[name].environment?.TRUSTED_PROXY_HOPS, name).toBe('2');
    const header = readFileSync('compose.yaml', 'utf8').split('\nx-shop:')[0];
    expect(header).toMatch(/TRUSTED_FRONT/);
    expect(header).toMatch(/TRUSTED_PROXY_HOPS=2/);
  });
});

describe('the shared cache', () => {
  it('Redis requires REDIS_PASSWORD, its health check signs in, and the shop connects with it', () => {
    const redis = services.redis;
    expect(redis.environment?.REDIS_PASSWORD).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    expect(interpolate(words(redis.command))).toMatch(/--requirepass "\$REDIS_PASSWORD"/);
    expect(interpolate(words(redis.healthcheck?.test))).toMatch(/REDISCLI_AUTH="\$REDIS_PASSWORD" redis-cli ping/);
    for (const name of SHOP) expect(interpolate(services[name].environment?.REDIS_URL ?? ''), name).toBe('redis://:<REDIS_PASSWORD>@redis:6379');
  });
});

describe('storage', () => {
  it("MinIO's root keys come from .env.storage-admin, which no shop container reads", () => {
    expect(envFiles(services.minio)).toEqual(['.env.storage-admin']);
    expect(JSON.stringify(services.minio.environment ?? {})).not.toMatch(/S3_/);
    for (const name of SHOP) {
      expect(envFiles(services[name]), name).not.toContain('.env.storage-admin');
      expect(JSON.stringify(services[name].environment), name).not.toMatch(/MINIO_ROOT/);
    }
  });

  it("a one-shot storage-init gives the shop's S3 keys their own user, and the shop starts only after it", () => {
    const init = services['storage-init'];
    expect(init.image).toBe('minio/mc');
    expect(words(init.entrypoint)).toBe('sh /init/storage-init.sh');
    expect(init.volumes).toContain('./deploy/storage-init.sh:/init/storage-init.sh:ro');
    expect(Object.keys(init.environment ?? {}).sort()).toEqual(['S3_ACCESS_KEY_ID', 'S3_BUCKET', 'S3_PUBLIC_BUCKET', 'S3_SECRET_ACCESS_KEY']);
    for (const name of ['web-a', 'web-b', 'worker']) {
      expect((services[name].depends_on as Record<string, { condition: string }>)['storage-init'], name).toEqual({
        condition: 'service_completed_successfully',
      });
    }
  });

  it("the shop user's policy reaches the objects of its two buckets only: no other bucket, no bucket or admin actions", () => {
    const printed = execFileSync('sh', ['deploy/storage-init.sh', '--print-policy'], {
      env: { ...process.env, S3_BUCKET: 'shop-files', S3_PUBLIC_BUCKET: 'shop-public' },
      encoding: 'utf8',
    });
    const policy = JSON.parse(printed) as { Statement: { Effect: string; Action: string[]; Resource: string[] }[] };
    const allowed = new Set([
      's3:ListBucket',
      's3:ListBucketMultipartUploads',
      's3:GetBucketLocation',
      's3:GetObject',
      's3:PutObject',
      's3:DeleteObject',
      's3:AbortMultipartUpload',
      's3:ListMultipartUploadParts',
    ]);
    const buckets = ['arn:aws:s3:::shop-files', 'arn:aws:s3:::shop-public'];
    for (const statement of policy.Statement) {
      expect(statement.Effect).toBe('Allow');
      expect(statement.Action.filter((a) => !allowed.has(a))).toEqual([]);
      expect(statement.Resource.filter((r) => !buckets.some((b) => r === b || r === `${b}/*`))).toEqual([]);
    }
  });
});

describe('a stopping web instance', () => {
  it('is given time to drain and finish what it holds before Docker kills it', () => {
    for (const name of ['web-a', 'web-b']) {
      const grace = Number(/^(\d+)s$/.exec(services[name].stop_grace_period ?? '')?.[1] ?? 0);
      expect(grace * 1000, name).toBeGreaterThanOrEqual(SHUTDOWN_DRAIN_MS + 25_000);
    }
  });
});

describe('the web build', () => {
  it('reads the database through a build secret, and Postgres is published on the loopback interface only', () => {
    const full = compose as unknown as {
      services: Record<string, Service & { build?: { secrets?: string[]; network?: string; args?: Record<string, string> } }>;
      secrets?: Record<string, { environment?: string }>;
    };
    for (const name of ['web-a', 'web-b']) {
      expect(full.services[name].build?.secrets).toEqual(['database_url']);
      expect(Object.keys(full.services[name].build?.args ?? {}).filter((k) => /DATABASE|PASSWORD/.test(k))).toEqual([]);
    }
    expect(full.secrets?.database_url?.environment).toBe('BUILD_DATABASE_URL');
    expect((services.postgres.ports ?? []).map(interpolate).every((p) => p.startsWith('127.0.0.1:'))).toBe(true);
  });
});
