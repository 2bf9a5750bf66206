// compose.yaml's balancer runs the same rules as `npm run cluster` (Decisions 072): the shipped
// deploy/haproxy.cfg is exactly what scripts/lib/balancer.ts writes for compose's layout.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { composeHaproxyConfig, haproxyConfig, COMPOSE_LAYOUT } from '../../scripts/lib/balancer';

const shipped = readFileSync('deploy/haproxy.cfg', 'utf8');
/** The lines that are rules, not the layout (where to listen, which servers, pid file, DNS). */
const rules = (config: string) =>
  config
    .split('\n')
    .filter((line) => !/^\s*(#|bind |server |pidfile |nameserver |resolvers )/.test(line))
    .join('\n');

describe('deploy/haproxy.cfg', () => {
  it('is what the cluster rules write for the compose layout (regenerate with `npx tsx scripts/haproxy-config.ts`)', () => {
    expect(shipped).toBe(composeHaproxyConfig());
  });

  it('has the same rules as the config `npm run cluster` starts, only the layout differs', () => {
    const cluster = haproxyConfig({ bind: '127.0.0.1:3000', servers: [{ name: 'web-a', address: '127.0.0.1:3001' }], pidFile: '/tmp/x/haproxy.pid' });
    expect(rules(shipped).trim()).toBe(rules(cluster).trim());
    expect(COMPOSE_LAYOUT.servers.map((s) => s.name)).toEqual(['web-a', 'web-b']);
  });
});
