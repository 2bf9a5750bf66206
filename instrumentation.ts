// Runs once when the Next server starts: validates the environment (a
// misconfigured production refuses to start) and starts the background job
// worker in this process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env');
  env();
  if (process.env.NEXT_PHASE === 'phase-production-build' || process.env.SHOP_DISABLE_WORKER === '1') return;
  const { startBackgroundWork } = await import('./lib/domain/jobs/handlers');
  startBackgroundWork();
}
