// @ts-check
// The shop's production HTTP server: Next's documented custom server
// (next({ ... }).getRequestHandler() behind node:http), run by `npm start`,
// the test runner and the bench instead of `next start`.
//
// It does three things:
// - Rate limits must see the real client (Decision 047). Next writes the
//   socket's address into X-Forwarded-For only when the request has none, so a
//   client that sends its own header would name its own address, and route
//   handlers get no socket to check it against. Here, as the last proxy in the
//   chain, the connection's address is appended to whatever the client sent;
//   lib/http/client.ts counts TRUSTED_PROXY_HOPS from that last entry.
// - /products?… listings are handed to Next under the path of their cached
//   route (lib/http/listing-routes.mjs, Decision 079), the URL a custom server
//   may pass to Next's request handler; next.config.ts rewrites cost every page.
// - How the process leaves (Decision 072): on SIGTERM or SIGINT it finishes the
//   requests it holds before exiting. With --drain-ms N (behind a balancer) a
//   SIGTERM first keeps it serving for N ms while /api/health answers 503, one
//   request per connection, so the balancer stops sending it work before it
//   stops listening; nothing that reached it is dropped. The same signal again
//   exits at once.
// Nothing else belongs in this file.
//
// Usage: node server.mjs [--port 3000] [--hostname 127.0.0.1] [--dir .] [--dev] [--drain-ms 0]
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import next from 'next';
import { routeListing } from './lib/http/listing-routes.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string' }, hostname: { type: 'string' }, dir: { type: 'string' }, dev: { type: 'boolean' }, 'drain-ms': { type: 'string' } },
});
const port = Number(values.port ?? 3000);
const hostname = values.hostname;
const drainMs = Number(values['drain-ms'] ?? 0);
// Past this, requests still running are cut: compose gives a stopping instance 30 s.
const FINISH_LIMIT_MS = 25_000;

// Next sets NODE_ENV to production itself when it is unset and dev is false.
// `npm run dev` runs this file too (--dev), so listings route the same way there.
const app = next({ dev: values.dev ?? false, dir: values.dir ?? '.', hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

/** @param {import('node:http').IncomingMessage} request */
function appendPeerAddress(request) {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const sent = request.headers['x-forwarded-for'];
  const chain = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  request.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
}

let leaving = false;
/** @type {Set<NodeJS.Signals>} */
const signalsSeen = new Set();

/**
 * The balancer's health check while leaving: the error shape of the API, 503, never cached.
 * @param {import('node:http').ServerResponse} response
 */
function answerLeaving(response) {
  response.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': '1' });
  response.end(JSON.stringify({ detail: 'This instance is shutting down', code: 'service_unavailable' }));
}

const server = createServer((request, response) => {
  if (leaving) {
    // No connection goes back to the balancer's idle pool: each one ends with its answer.
    response.setHeader('connection', 'close');
    if (request.url === '/api/health' || request.url?.startsWith('/api/health?')) return answerLeaving(response);
  }
  appendPeerAddress(request);
  if (request.url) request.url = routeListing(request.url);
  handle(request, response).catch((error) => {
    console.error(`Failed to handle ${request.method} ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});

server.listen(port, hostname, () => console.log(`Shop listening on http://${hostname ?? 'localhost'}:${port}`));

/** @param {NodeJS.Signals} signal */
async function leave(signal) {
  leaving = true;
  if (signal === 'SIGTERM' && drainMs > 0) await sleep(drainMs);
  const finished = new Promise((done) => server.close(done));
  server.closeIdleConnections();
  await Promise.race([finished, sleep(FINISH_LIMIT_MS)]);
  await app.close();
  process.exit(0);
}

// Ctrl-C under `npm start` brings SIGINT from the terminal and SIGTERM from the launcher: one leave.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (signalsSeen.has(signal)) process.exit(1);
    signalsSeen.add(signal);
    if (!leaving) void leave(signal);
  });
}
