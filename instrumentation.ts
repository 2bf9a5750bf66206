// Runs once when the Next server starts: validates the environment (a
// misconfigured production refuses to start) and starts the background job
// worker in this process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env, exitIfInvalidEnvironment } = await import('./lib/env');
  // Next 16 only logs a throwing register() (with a stack trace) and keeps the server
  // running, so the check ends the process itself.
  exitIfInvalidEnvironment(env);
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  if (process.env.SHOP_DISABLE_WORKER === '1') return;
  const { startBackgroundWork } = await import('./lib/domain/background-work');
  // Not awaited: the server answers while the worker connects; it logs its own failure.
  void startBackgroundWork();
}
