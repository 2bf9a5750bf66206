// S3's check of a presigned (query-signed, Signature Version 4) request: the
// signature must match the method, path, query and signed headers the request
// actually arrives with. s3rver skips it (Signature V4 is unimplemented there),
// so the stand-in runs this instead (s3-stand-in.ts), and a URL signed for one
// key, size and type is refused for any other, as S3 refuses it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type PresignedRequest = {
  method: string;
  /** Path and query exactly as sent (still percent-encoded). */
  url: string;
  header: (name: string) => string | undefined;
};

const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function queryPairs(query: string): [string, string][] | null {
  try {
    return query
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
        return [decodeURIComponent(key), decodeURIComponent(value)];
      });
  } catch {
    return null;
  }
}

export const isPresigned = (url: string) => /[?&]X-Amz-Signature=/.test(url);

/** True when the request carries a valid signature for itself from a key `secretOf` knows. */
export function presignedSignatureMatches(request: PresignedRequest, secretOf: (accessKeyId: string) => string | undefined): boolean {
  const at = request.url.indexOf('?');
  const path = at < 0 ? request.url : request.url.slice(0, at);
  const pairs = queryPairs(at < 0 ? '' : request.url.slice(at + 1));
  if (!pairs) return false;
  const param = (name: string) => pairs.find(([key]) => key === name)?.[1];
  const [signature, credential, amzDate, signedHeaders] = ['X-Amz-Signature', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-SignedHeaders'].map(param);
  if (!signature || !credential || !amzDate || !signedHeaders) return false;
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  const secret = secretOf(accessKeyId);
  if (!secret || !date || !region || !service || terminator !== 'aws4_request') return false;

  // Sorted by encoded key, then value: sorting "key=value" strings would misplace a key that prefixes another.
  const canonicalQuery = pairs
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [encode(key), encode(value)])
    .sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : 1) : ka < kb ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${(request.header(name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const canonicalRequest = [request.method.toUpperCase(), path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
