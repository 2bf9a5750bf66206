// A stand-in web instance behind the real HAProxy (tests/integration/balancer.test.ts):
// answers /api/health, answers every other request with what reached it (its name, the
// method, the client-address headers, the test's request id), and, when started with
// `holds`, keeps /hold requests unanswered so the test can kill it while it holds them; started
// `sick`, fails its health check (503) while it still answers everything else.
// Prints "held <id>" / "served <id>" lines the test reads.
//   node balancer-backend.mjs <name> <port> [holds|sick]
import { createServer } from 'node:http';

const [name, port, mode] = process.argv.slice(2);

createServer((request, response) => {
  if (request.url === '/api/health') {
    if (mode === 'sick') response.statusCode = 503;
    return void response.end(mode === 'sick' ? 'sick' : 'ok');
  }
  request.resume();
  request.on('end', () => {
    const id = String(request.headers['x-request-id'] ?? '');
    if (mode === 'holds' && request.url?.startsWith('/hold')) return void console.log(`held ${id}`);
    console.log(`served ${id}`);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        server: name,
        method: request.method,
        id,
        forwardedFor: request.headers['x-forwarded-for'] ?? null,
        realIp: request.headers['x-real-ip'] ?? null,
        forwarded: request.headers.forwarded ?? null,
      }),
    );
  });
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
