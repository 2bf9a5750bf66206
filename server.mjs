// @ts-check
// The shop's production HTTP server: Next's documented custom server
// (next({ ... }).getRequestHandler() behind node:http), run by `npm start`,
// the test runner and the bench instead of `next start`.
//
// It exists for one reason: rate limits must see the real client (Decision
// 047). Next writes the socket's address into X-Forwarded-For only when the
// request has none, so a client that sends its own header would name its own
// address, and route handlers get no socket to check it against. Here, as the
// last proxy in the chain, the connection's address is appended to whatever
// the client sent; lib/http/client.ts counts TRUSTED_PROXY_HOPS from that last
// entry. Nothing else belongs in this file.
//
// Usage: node server.mjs [--port 3000] [--hostname 127.0.0.1] [--dir .]
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';

const { values } = parseArgs({ options: { port: { type: 'string' }, hostname: { type: 'string' }, dir: { type: 'string' } } });
const port = Number(values.port ?? 3000);
const hostname = values.hostname;

// Next sets NODE_ENV to production itself when it is unset and dev is false.
const app = next({ dev: false, dir: values.dir ?? '.', hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

/** @param {import('node:http').IncomingMessage} request */
function appendPeerAddress(request) {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const sent = request.headers['x-forwarded-for'];
  const chain = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  request.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
}

const server = createServer((request, response) => {
  appendPeerAddress(request);
  handle(request, response).catch((error) => {
    console.error(`Failed to handle ${request.method} ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});

server.listen(port, hostname, () => console.log(`Shop listening on http://${hostname ?? 'localhost'}:${port}`));

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
}
