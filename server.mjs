// @ts-check
// The shop's production HTTP server: Next's documented custom server
// (next({ ... }).getRequestHandler() behind node:http), run by `npm start`,
// the test runner and the bench instead of `next start`.
//
// It does two things, both before Next sees the request:
// - Rate limits must see the real client (Decision 047). Next writes the
//   socket's address into X-Forwarded-For only when the request has none, so a
//   client that sends its own header would name its own address, and route
//   handlers get no socket to check it against. Here, as the last proxy in the
//   chain, the connection's address is appended to whatever the client sent;
//   lib/http/client.ts counts TRUSTED_PROXY_HOPS from that last entry.
// - /products?… listings are handed to Next under the path of their cached
//   route (lib/http/listing-routes.mjs, Decision 079), the URL a custom server
//   may pass to Next's request handler; next.config.ts rewrites cost every page.
// Nothing else belongs in this file.
//
// Usage: node server.mjs [--port 3000] [--hostname 127.0.0.1] [--dir .] [--dev]
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';
import { routeListing } from './lib/http/listing-routes.mjs';

const { values } = parseArgs({ options: { port: { type: 'string' }, hostname: { type: 'string' }, dir: { type: 'string' }, dev: { type: 'boolean' } } });
const port = Number(values.port ?? 3000);
const hostname = values.hostname;

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

const server = createServer((request, response) => {
  appendPeerAddress(request);
  if (request.url) request.url = routeListing(request.url);
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
