// Work done on every request as the HTTP server receives it, before Next's
// router: Next offers no earlier place that sees the socket, and middleware
// costs about 2 ms a request. Installed once from instrumentation.ts. `next
// start` already accepts connections while it registers instrumentation, so
// the few requests that arrive during start-up are not seen here: they get
// Next's own rewrites of the same listings (next.config.ts), and their
// X-Forwarded-For as the client sent it.
import http from 'node:http';
import { routeListingRequest } from './listing-fast-path';
import { appendPeerAddress } from './peer-address';

const SEEN = Symbol.for('shop.requestHooks');

export function installRequestHooks(): void {
  const proto = http.Server.prototype as http.Server & { [SEEN]?: boolean };
  if (proto[SEEN]) return;
  proto[SEEN] = true;
  const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') onRequest(args[0] as http.IncomingMessage & { [SEEN]?: boolean });
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
}

function onRequest(request: http.IncomingMessage & { [SEEN]?: boolean }): void {
  if (request[SEEN]) return;
  request[SEEN] = true;
  appendPeerAddress(request);
  routeListingRequest(request);
}
