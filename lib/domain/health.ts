// Readiness: what a load balancer asks before sending traffic. The shop can serve
// when Postgres answers; storage and payments failing affect single requests only.
import 'server-only';
import { pingDatabase } from '@/lib/infra/db';

/** Resolves when the shop can serve; throws the database's own error (a 503 through lib/http) when it cannot. */
export async function checkReadiness(): Promise<void> {
  await pingDatabase();
}
