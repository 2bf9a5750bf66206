// Runs once when the Next server starts: validates the environment (a
// misconfigured production refuses to start), installs the per-request hooks
// (lib/http/request-hooks.ts: X-Forwarded-For ends with the connection's own
// address; /products listings are routed early) and starts the background job
// worker in this process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env, InvalidEnvironmentError } = await import('./lib/env');
  try {
    env();
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    // Next 16 only logs a throwing register() (with a stack trace) and keeps the server
    // running; a misconfigured shop must not run at all, so it ends the process itself.
    console.error(`[shop] ${error.message}`);
    process.exit(1);
  }
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { installRequestHooks } = await import('./lib/http/request-hooks');
  installRequestHooks();
  if (process.env.SHOP_DISABLE_WORKER === '1') return;
  const { startBackgroundWork } = await import('./lib/domain/jobs/handlers');
  startBackgroundWork();
}
