// A real SMTP server for the test run: the shop sends through SMTP_URL exactly
// as in production, and every message lands in a directory as `<n>.eml` (the
// raw message) plus `<n>.json` ({ from, to, subject, text, html }) for tests
// to read. Parsing is deliberately minimal (headers, multipart, the two
// transfer encodings nodemailer uses); it is a test inbox, not a mail client.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { freePort } from './embedded-postgres';

export type CaughtMail = { from: string; to: string[]; subject: string; text: string; html: string; receivedAt: string };

export type MailCatcher = { url: string; dir: string; stop: () => Promise<void> };

export async function startMailCatcher(options: { dir: string; log?: (message: string) => void }): Promise<MailCatcher> {
  mkdirSync(options.dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    // smtp-server's built-in certificate has expired: offer no TLS at all.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          saveMessage(options.dir, ++count, Buffer.concat(chunks), session);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });
  options.log?.(`SMTP mail catcher on 127.0.0.1:${port}, writing to ${options.dir}`);
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir: options.dir,
    stop: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}

function saveMessage(dir: string, n: number, raw: Buffer, session: SMTPServerSession) {
  const name = String(n).padStart(4, '0');
  const parsed = parseMessage(raw.toString('utf8'));
  const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
  const mail: CaughtMail = {
    from: decodeWords(parsed.headers.get('from') ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : '')),
    to: envelopeTo.length ? envelopeTo : splitAddresses(parsed.headers.get('to') ?? ''),
    subject: decodeWords(parsed.headers.get('subject') ?? ''),
    text: parsed.text,
    html: parsed.html,
    receivedAt: new Date().toISOString(),
  };
  writeFileSync(join(dir, `${name}.eml`), raw);
  // Written aside and renamed: a test polling the directory never reads half a file.
  const json = join(dir, `.${name}.json.tmp`);
  writeFileSync(json, JSON.stringify(mail, null, 2));
  renameSync(json, join(dir, `${name}.json`));
}

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Continuation lines (folded headers) start with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parseMessage(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const top = splitPart(raw);
  const found = { text: '', html: '' };
  collectBodies(top, found);
  return { headers: top.headers, ...found };
}

function collectBodies(part: Part, found: { text: string; html: string }) {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^\n/, '')), found);
    }
    return;
  }
  const body = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '');
  if (type.startsWith('text/html')) found.html ||= body;
  else if (type.startsWith('text/plain')) found.text ||= body;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body).replace(/\n$/, '');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body.replace(/\n$/, '');
  }
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const input = body.replace(/=\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const hex = input[i] === '=' ? input.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, as nodemailer writes a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function splitAddresses(value: string): string[] {
  return value
    .split(',')
    .map((a) => /<([^>]+)>/.exec(a)?.[1] ?? a.trim())
    .filter(Boolean);
}
