// Writes deploy/haproxy.cfg, compose.yaml's balancer config, from the rules
// `npm run cluster` runs (scripts/lib/balancer.ts, Decisions 072); the unit test
// tests/unit/balancer-config.test.ts fails while the shipped file differs.
//   npx tsx scripts/haproxy-config.ts
import { writeFileSync } from 'node:fs';
import { composeHaproxyConfig } from './lib/balancer';

writeFileSync('deploy/haproxy.cfg', composeHaproxyConfig());
console.log('Wrote deploy/haproxy.cfg');
