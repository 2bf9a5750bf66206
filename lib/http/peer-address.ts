// Next's server writes the socket's address into X-Forwarded-For only when the
// request has none, so a client that sends its own header names its own
// address, and every per-client rate limit becomes per-claimed-address.
// Acting as the last proxy in the chain, the shop appends the address of
// whoever opened the connection. clientIp() then counts TRUSTED_PROXY_HOPS
// from that entry: 0 means the connection's own address, N the address the
// Nth trusted proxy saw. Route handlers get no socket, hence this hook at
// the HTTP server, installed once from instrumentation.ts. `next start`
// runs that hook when the first request arrives, so requests already in
// flight at that moment are not covered; every later one is.
import http from 'node:http';

const APPENDED = Symbol.for('shop.peerAddressAppended');

export function appendPeerAddressToForwardedFor(): void {
  const proto = http.Server.prototype as http.Server & { [APPENDED]?: boolean };
  if (proto[APPENDED]) return;
  proto[APPENDED] = true;
  const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') appendPeer(args[0] as http.IncomingMessage & { [APPENDED]?: boolean });
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
}

function appendPeer(request: http.IncomingMessage & { [APPENDED]?: boolean }): void {
  if (request[APPENDED]) return;
  request[APPENDED] = true;
  const peer = request.socket?.remoteAddress ?? 'unknown';
  const sent = request.headers['x-forwarded-for'];
  const chain = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  request.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
}
