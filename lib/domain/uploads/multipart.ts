// A streaming multipart/form-data reader. Request.formData() buffers the whole
// body; a 500-image batch would then sit in memory at once. This yields one part
// at a time and holds at most that part, so the caller can store each file and
// let it go before the next one arrives.
import { AppError, invalid } from '@/lib/domain/errors';
import { requireText } from '@/lib/domain/text';

export type FormPart = { kind: 'field'; name: string; value: string } | { kind: 'file'; name: string; filename: string; contentType: string; data: Buffer };

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
  const filename = star ? decodeFilename(star) : (plain ?? null);
  const contentType = lines.find((l) => /^content-type:/i.test(l))?.replace(/^content-type:\s*/i, '') ?? 'application/octet-stream';
  return { name, filename, contentType };
}

function decodeFilename(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw invalid('Malformed multipart file name');
  }
}

/** A file part whose bytes arrive as they are read: drain `chunks` before asking for the next part. */
export type StreamedFilePart = { kind: 'file'; name: string; filename: string; contentType: string; chunks: AsyncIterable<Buffer> };
export type StreamedPart = { kind: 'field'; name: string; value: string } | StreamedFilePart;

/**
 * Like readMultipart, but a file's bytes are handed on chunk by chunk, so a
 * caller that streams them onward holds one chunk, never the whole file. A
 * file part the caller skips is read through (and held to its limit) here.
 */
export async function* streamMultipart(request: Request, limits: PartLimits): AsyncGenerator<StreamedPart> {
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
  /** The current part's bytes up to the next delimiter, refused the moment they pass `limit`. */
  async function* partBody(limit: number, what: string): AsyncGenerator<Buffer> {
    let size = 0;
    for (;;) {
      const end = buffer.indexOf(delimiter);
      if (end >= 0) {
        const last = buffer.subarray(0, end);
        buffer = buffer.subarray(end + delimiter.length);
        size += end;
        if (size > limit) throw tooLarge(what, limit);
        if (last.length > 0) yield last;
        return;
      }
      // Keep a tail that could be the start of a delimiter split across chunks.
      const keep = delimiter.length - 1;
      if (buffer.length > keep) {
        const piece = buffer.subarray(0, buffer.length - keep);
        buffer = Buffer.from(buffer.subarray(buffer.length - keep));
        size += piece.length;
        if (size > limit) throw tooLarge(what, limit);
        yield piece;
      }
      await more();
    }
  }
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
      // Field names and values and file names end up in rows: text, like every other input (lib/domain/text.ts).
      requireText({ [name]: filename ?? '' });
      if (filename === null) {
        const value = (await collectChunks(partBody(limits.maxFieldBytes, name))).toString('utf8');
        requireText({ [name]: value });
        yield { kind: 'field', name, value };
        continue;
      }
      const body = partBody(limits.maxFileBytesByField?.[name] ?? limits.maxFileBytes, filename);
      let finished = false;
      const chunks = (async function* () {
        for await (const chunk of body) yield chunk;
        finished = true;
      })();
      yield { kind: 'file', name, filename: filename.replace(/^.*[\\/]/, '').slice(0, 200), contentType, chunks };
      // A caller that stopped half-way through a file cannot go on: the stream sits inside that file.
      if (!finished) for await (const chunk of chunks) void chunk;
      if (!finished) throw invalid('A file part was not read to its end');
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

export async function collectChunks(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Every part in turn, each file whole in memory (one at a time). */
export async function* readMultipart(request: Request, limits: PartLimits): AsyncGenerator<FormPart> {
  for await (const part of streamMultipart(request, limits)) {
    if (part.kind === 'field') {
      yield part;
      continue;
    }
    const { chunks, ...file } = part;
    yield { ...file, data: await collectChunks(chunks) };
  }
}

function tooLarge(what: string, limit: number): AppError {
  return new AppError('payload_too_large', `${what} is larger than ${Math.floor(limit / (1024 * 1024)) || 1} MB`);
}
