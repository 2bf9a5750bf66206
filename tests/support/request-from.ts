// One HTTP request on a connection of its own from a chosen local address: on Linux every
// 127.x.x.x is this machine, so a test can be "another client" (or a trusted front) on loopback.
// fetch cannot pick its source address; node:http can.
import { request as httpRequest } from 'node:http';

export type FromReply = { status: number; text: string; headers: Record<string, string | string[] | undefined> };

export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<FromReply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer from ${url} in 20 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
