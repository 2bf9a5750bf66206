// Runs once when the Next server starts: validates the environment (a
// misconfigured production refuses to start), makes X-Forwarded-For end with
// the connection's own address (lib/http/peer-address.ts) and starts the
// background job worker in this process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env');
  env();
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { appendPeerAddressToForwardedFor } = await import('./lib/http/peer-address');
  appendPeerAddressToForwardedFor();
  if (process.env.SHOP_DISABLE_WORKER === '1') return;
  const { startBackgroundWork } = await import('./lib/domain/jobs/handlers');
  startBackgroundWork();
}
