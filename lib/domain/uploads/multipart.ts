// A streaming multipart/form-data reader. Request.formData() buffers the whole
// body; a 500-image batch would then sit in memory at once. This yields one part
// at a time and holds at most that part, so the caller can store each file and
// let it go before the next one arrives.
import { AppError, invalid } from '@/lib/domain/errors';

export type FormPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; contentType: string; data: Buffer };

export type PartLimits = {
  maxFileBytes: number;
  maxFieldBytes: number;
  maxParts: number;
  /** Tighter limits for named file fields (an image beside large product files), enforced while reading. */
  maxFileBytesByField?: Record<string, number>;
};

const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

function boundaryOf(request: Request): string {
  const type = request.headers.get('content-type') ?? '';
  const match = /^multipart\/form-data;.*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(type);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || !request.body) throw invalid('Expected multipart form data');
  return boundary;
}

function parseDisposition(headers: string): { name: string; filename: string | null; contentType: string } {
  const lines = headers.split('\r\n');
  const disposition = lines.find((l) => /^content-disposition:/i.test(l)) ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw invalid('Malformed multipart part');
  const star = /\bfilename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  const plain = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  const filename = star ? decodeURIComponent(star) : (plain ?? null);
  const contentType = lines.find((l) => /^content-type:/i.test(l))?.replace(/^content-type:\s*/i, '') ?? 'application/octet-stream';
  return { name, filename, contentType };
}

export async function* readMultipart(request: Request, limits: PartLimits): AsyncGenerator<FormPart> {
  const delimiter = Buffer.from(`\r\n--${boundaryOf(request)}`);
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  // A leading CRLF lets the first boundary match the same delimiter as the others.
  let buffer = Buffer.from('\r\n');
  let ended = false;
  const more = async (): Promise<void> => {
    if (ended) throw invalid('Malformed multipart body: it ended too early');
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      throw invalid('Malformed multipart body: it ended too early');
    }
    buffer = buffer.length === 0 ? Buffer.from(value) : Buffer.concat([buffer, value]);
  };
  try {
    let at: number;
    while ((at = buffer.indexOf(delimiter)) < 0) {
      if (buffer.length > delimiter.length) buffer = buffer.subarray(buffer.length - delimiter.length);
      await more();
    }
    buffer = buffer.subarray(at + delimiter.length);
    for (let count = 0; ; count++) {
      while (buffer.length < 2) await more();
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) return;
      if (count >= limits.maxParts) throw new AppError('payload_too_large', `Too many parts in one upload (at most ${limits.maxParts})`);
      let headerEnd: number;
      while ((headerEnd = buffer.indexOf(HEADER_END)) < 0) {
        if (buffer.length > MAX_HEADER_BYTES) throw invalid('Malformed multipart part headers');
        await more();
      }
      const { name, filename, contentType } = parseDisposition(buffer.subarray(0, headerEnd).toString('utf8'));
      buffer = buffer.subarray(headerEnd + HEADER_END.length);
      const limit = filename === null ? limits.maxFieldBytes : (limits.maxFileBytesByField?.[name] ?? limits.maxFileBytes);
      const chunks: Buffer[] = [];
      let size = 0;
      for (;;) {
        const end = buffer.indexOf(delimiter);
        if (end >= 0) {
          chunks.push(buffer.subarray(0, end));
          size += end;
          buffer = buffer.subarray(end + delimiter.length);
          break;
        }
        // Keep a tail that could be the start of a delimiter split across chunks.
        const keep = delimiter.length - 1;
        if (buffer.length > keep) {
          chunks.push(buffer.subarray(0, buffer.length - keep));
          size += buffer.length - keep;
          buffer = Buffer.from(buffer.subarray(buffer.length - keep));
        }
        if (size > limit) throw tooLarge(filename ?? name, limit);
        await more();
      }
      if (size > limit) throw tooLarge(filename ?? name, limit);
      const data = Buffer.concat(chunks, size);
      yield filename === null
        ? { kind: 'field', name, value: data.toString('utf8') }
        : { kind: 'file', name, filename: filename.replace(/^.*[\\/]/, '').slice(0, 200), contentType, data };
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function tooLarge(what: string, limit: number): AppError {
  return new AppError('payload_too_large', `${what} is larger than ${Math.floor(limit / (1024 * 1024)) || 1} MB`);
}
