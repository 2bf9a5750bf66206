// Next's server writes the socket's address into X-Forwarded-For only when the
// request has none, so a client that sends its own header names its own
// address, and every per-client rate limit becomes per-claimed-address.
// Acting as the last proxy in the chain, the shop appends the address of
// whoever opened the connection. clientIp() then counts TRUSTED_PROXY_HOPS
// from that entry: 0 means the connection's own address, N the address the
// Nth trusted proxy saw. Route handlers get no socket, hence a hook at the
// HTTP server (request-hooks.ts).
import type { IncomingMessage } from 'node:http';

export function appendPeerAddress(request: IncomingMessage): void {
  const peer = request.socket?.remoteAddress ?? 'unknown';
  const sent = request.headers['x-forwarded-for'];
  const chain = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  request.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
}
