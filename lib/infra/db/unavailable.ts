// Which database failures mean "Postgres is not there right now" (restarting,
// failed over, out of connections) rather than a bug or a bad request. They
// reach us in several wrappings: Prisma's known errors for model queries (P1001),
// P2010 around the driver adapter's error for raw queries, and pg's own plain
// Error inside interactive transactions. Transactions that could not start or
// finish in time under overload count too. The caller answers these with a 503
// the client may retry; everything else stays a 500.

// Driver adapter error kinds (@prisma/adapter-pg's convertDriverError).
const KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

const CODES = new Set([
  // Sockets: nothing listening, connection dropped, no answer.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // SQLSTATE: admin/crash shutdown, still starting up, too many connections, class 08 connection errors.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // Prisma: server unreachable, connect timeout, server closed the connection, pool timeout.
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);

const MESSAGES =
  /Can't reach database server|Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|connect ECONNREFUSED/i;

// Prisma's transaction manager (P2028) when the pool or the CPU is saturated:
// no connection for the transaction within maxWait, or it outlived its timeout.
// Either way it was rolled back, so a retry is safe.
const OVERLOAD = /Unable to start a transaction in the given time|on an expired transaction|timeout for this transaction was/i;

type Wrapped = {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

/** True when `error` (or anything it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const e = current as Wrapped;
    if (typeof e.kind === 'string' && KINDS.has(e.kind)) return true;
    for (const code of [e.code, e.originalCode]) if (typeof code === 'string' && CODES.has(code)) return true;
    if (typeof e.message === 'string' && (MESSAGES.test(e.message) || OVERLOAD.test(e.message))) return true;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}

/**
 * Runs a write that records something already done outside the database (an
 * email sent, a job finished), retrying while Postgres is away: giving up would
 * make the work look undone, and a retry of the job would do it twice.
 */
export async function retryWhileUnavailable<T>(write: () => Promise<T>, { maxMs = 5 * 60_000, firstDelayMs = 250 } = {}): Promise<T> {
  const deadline = Date.now() + maxMs;
  for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
