import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, INVALID_RESPONSE, NETWORK_ERROR, STORAGE_REFUSED } from '@/components/data/api';

// The browser's API client against a real HTTP server: each answer the shop can
// give (the one error shape, an empty body, a proxy's HTML page, no answer at
// all) must reach callers as a body or as one ApiError.

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => res.writeHead(status, { 'Content-Type': type }).end(body);
    switch (req.url) {
      case '/ok':
        return send(200, JSON.stringify({ items: [1, 2] }));
      case '/echo': {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => send(200, JSON.stringify({ method: req.method, type: req.headers['content-type'] ?? null, body })));
        return;
      }
      case '/empty':
        return res.writeHead(204).end();
      case '/invalid':
        return send(400, JSON.stringify({ detail: 'Price must be positive', code: 'invalid_request', fields: { price: ['Must be positive'] } }));
      case '/expired':
        return send(401, JSON.stringify({ detail: 'Session expired', code: 'unauthorized' }));
      case '/storage/put': {
        // S3's answers to a presigned PUT: empty on success, XML when the signature does not match.
        let size = 0;
        req.on('data', (chunk: Buffer) => (size += chunk.length));
        req.on('end', () => {
          if (req.headers['content-type'] === 'image/png' && size === 5) return res.writeHead(200).end();
          send(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>', 'application/xml');
        });
        return;
      }
      case '/storage/unauthorized':
        return send(401, '<Error><Code>AccessDenied</Code></Error>', 'application/xml');
      case '/html-error':
        return send(502, '<html>Bad gateway</html>', 'text/html');
      case '/html-ok':
        return send(200, '<html>captive portal</html>', 'text/html');
      default:
        return send(404, JSON.stringify({ detail: 'Not found', code: 'not_found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('API client', () => {
  const api = createApiClient();

  it('hands back the JSON body, status and headers of a success', async () => {
    const result = await api.get<{ items: number[] }>(`${base}/ok`);
    expect(result).toMatchObject({ ok: true, status: 200, body: { items: [1, 2] } });
    expect(result.ok && result.headers.get('content-type')).toBe('application/json');
  });

  it('sends JSON, form fields and no body as the method asks', async () => {
    const json = await api.put<{ method: string; type: string; body: string }>(`${base}/echo`, { name: 'A' });
    expect(json.ok && json.body).toEqual({ method: 'PUT', type: 'application/json', body: '{"name":"A"}' });
    const form = await api.form<{ type: string; body: string }>(`${base}/echo`, { message: 'HELLO  WORLD' });
    expect(form.ok && form.body).toMatchObject({ type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'message=HELLO++WORLD' });
    const bare = await api.post<{ body: string; type: string | null }>(`${base}/echo`);
    expect(bare.ok && bare.body).toMatchObject({ method: 'POST', body: '', type: null });
  });

  it('reads an empty success as a null body', async () => {
    expect(await api.post(`${base}/empty`)).toMatchObject({ ok: true, status: 204, body: null });
  });

  it("turns the one error shape into an ApiError with the server's detail, code and fields", async () => {
    const result = await api.post(`${base}/invalid`, { price: -1 });
    expect(result.ok).toBe(false);
    const error = !result.ok && result.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', detail: 'Price must be positive', fields: { price: ['Must be positive'] } });
    expect(error && error.message).toBe('Price must be positive');
  });

  it('leaves detail null when the answer is not the error shape, so the caller shows its own message', async () => {
    const gateway = await api.get(`${base}/html-error`);
    expect(!gateway.ok && gateway.error).toMatchObject({ status: 502, code: INVALID_RESPONSE, detail: null });
    const portal = await api.get(`${base}/html-ok`);
    expect(!portal.ok && portal.error).toMatchObject({ status: 200, code: INVALID_RESPONSE, detail: null });
  });

  it('maps a request that gets no answer to status 0 with no detail', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await api.get(`http://127.0.0.1:${port}/gone`);
    expect(!result.ok && result.error).toMatchObject({ status: 0, code: NETWORK_ERROR, detail: null });
  });

  it('throws the ApiError from request() and returns the body otherwise', async () => {
    await expect(api.request(`${base}/ok`)).resolves.toEqual({ items: [1, 2] });
    await expect(api.request(`${base}/missing`)).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'not_found', detail: 'Not found' });
  });

  it("calls the session's 401 rule on a 401 and only then", async () => {
    const ended: string[] = [];
    const admin = createApiClient({ onUnauthorized: () => ended.push('left') });
    await admin.get(`${base}/ok`);
    await admin.get(`${base}/invalid`);
    expect(ended).toEqual([]);
    const result = await admin.get(`${base}/expired`);
    expect(ended).toEqual(['left']);
    expect(!result.ok && result.error).toMatchObject({ status: 401, detail: 'Session expired' });
  });
});

describe('putFile (a direct upload to storage)', () => {
  it('sends the file with the signed headers and reads an empty success as ok', async () => {
    const result = await createApiClient().putFile(`${base}/storage/put`, new Blob(['abcde']), { 'Content-Type': 'image/png' });
    expect(result).toMatchObject({ ok: true, status: 200, body: null });
  });

  it("turns storage's XML refusal into one ApiError, and never ends the shop's session over it", async () => {
    const ended: string[] = [];
    const admin = createApiClient({ onUnauthorized: () => ended.push('left') });
    const refused = await admin.putFile(`${base}/storage/put`, new Blob(['abcdef']), { 'Content-Type': 'image/png' });
    expect(!refused.ok && refused.error).toMatchObject({ status: 403, code: STORAGE_REFUSED, detail: null });
    await admin.putFile(`${base}/storage/unauthorized`, new Blob(['x']), {});
    expect(ended).toEqual([]);
  });

  it('reports no answer at all as a network error', async () => {
    const result = await createApiClient().putFile('http://127.0.0.1:1/nowhere', new Blob(['x']), {});
    expect(!result.ok && result.error).toMatchObject({ status: 0, code: NETWORK_ERROR });
  });
});
