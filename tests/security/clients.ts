// Requests from different client addresses, for per-client limits. The shop
// counts the connection's own address (TRUSTED_PROXY_HOPS=0, headers are
// ignored), and on Linux every 127.x.y.z is a loopback address a test can
// connect from, so each address here is a genuinely different client.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { SHOP_URL, type Reply } from './helpers';

/** `headTimeoutMs`: give up (and fail) when the status line has not arrived by then. */
export type RequestInit = { headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; body?: string; headTimeoutMs?: number };

/** A response read whole, with every header (repeated Set-Cookie included) and the body parsed when it is JSON. */
function readIncoming(res: IncomingMessage): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        for (const v of [value ?? []].flat()) headers.append(name, v);
      }
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      resolve({ status: res.statusCode ?? 0, headers, text, body });
    });
  });
}

/** Like `call`, over a connection opened from `address` (e.g. 127.0.0.23); `base` names another shop process. */
export async function callFrom(address: string, method: string, path: string, init: RequestInit = {}, base = SHOP_URL): Promise<Reply> {
  return readReply(await openFrom(address, method, path, init, base));
}

/** A response whose body nobody has read yet; `abort()` closes the connection as a client that gives up. */
export type OpenReply = { status: number; headers: Headers; body: IncomingMessage; abort: () => void };

/**
 * Sends the request and resolves once the status and headers arrive, leaving
 * the body unread: a client reading as slowly as it likes (not at all, until
 * it reads or aborts). TCP flow control then holds the server back.
 */
export function openFrom(address: string, method: string, path: string, init: RequestInit = {}, base = SHOP_URL): Promise<OpenReply> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  // Node's client frames a DELETE body only when told its length; without it the bytes would reach the server as a second request.
  const hasLength = Object.keys(headers).some((name) => ['content-length', 'transfer-encoding'].includes(name.toLowerCase()));
  if (!hasLength && typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
  const url = new URL(path, base);
  const controller = new AbortController();
  const late = init.headTimeoutMs ? setTimeout(() => controller.abort(new Error(`no answer within ${init.headTimeoutMs} ms`)), init.headTimeoutMs) : undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: address, signal: controller.signal },
      (res) => {
        clearTimeout(late);
        // An abort or a cut connection errors the body; whoever reads it sees that, nobody else must.
        res.on('error', () => undefined);
        const replyHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of [value ?? []].flat()) replyHeaders.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: replyHeaders, body: res, abort: () => controller.abort() });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends only the head of a request that declares a body of `bytes`, and never
 * the body: resolves with the answer of a server that decides without reading
 * it, and rejects after `timeoutMs` when the server waits for the body instead.
 */
export function answerWithoutBody(
  method: string,
  path: string,
  opts: { bytes: number; headers?: Record<string, string>; from?: string; base?: string; timeoutMs?: number },
): Promise<Reply> {
  const url = new URL(path, opts.base ?? SHOP_URL);
  const headers = { 'content-type': 'application/json', ...opts.headers, 'content-length': String(opts.bytes) };
  return new Promise((resolve, reject) => {
    // A connection of its own: one left with a body owed is never reused.
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: opts.from, agent: false });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${method} ${path}: no answer in ${opts.timeoutMs ?? 10_000} ms without the body (the server waits to read it)`));
    }, opts.timeoutMs ?? 10_000);
    req.on('response', (res) =>
      readIncoming(res).then((reply) => {
        clearTimeout(timer);
        req.destroy();
        resolve(reply);
      }, reject),
    );
    // Destroying the request after the answer may end the socket with an error: the answer is what counts.
    req.on('error', (error) => (req.destroyed ? undefined : (clearTimeout(timer), reject(error))));
    req.flushHeaders();
  });
}

/** The whole body of an open reply, parsed when it is JSON. */
export function readReply(open: OpenReply): Promise<Reply> {
  return readIncoming(open.body);
}

/** Every password-reset token mailed to `address` so far, oldest first (from the run's SMTP catcher, MAIL_DIR). */
export function resetTokensSent(address: string): string[] {
  const dir = process.env.MAIL_DIR as string;
  if (!existsSync(dir)) return [];
  const tokens: string[] = [];
  // The catcher numbers files in arrival order and renames each into place only once complete.
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .sort()) {
    const mail = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { to: string[]; text: string };
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (token && mail.to.some((to) => to.toLowerCase() === address.toLowerCase())) tokens.push(token);
  }
  return tokens;
}

/** Waits until at least `count` reset emails reached `address` (they are sent after the answer). */
export async function waitForResetTokens(address: string, count: number, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tokens = resetTokensSent(address);
    if (tokens.length >= count) return tokens;
    if (Date.now() > deadline) throw new Error(`${tokens.length} of ${count} reset emails reached ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
