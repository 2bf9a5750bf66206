// A real SMTP server for the test run: the shop sends through SMTP_URL exactly
// as in production, and every message lands in a directory as `<n>.eml` (the
// raw message) plus `<n>.json` ({ from, to, subject, text, html, headers }) for
// tests to read, parsed by mailparser (MIME parts, transfer encodings, encoded
// words) so tests see what a mail client would show.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { freePort } from './embedded-postgres';

/** One caught message; `headers` maps each lower-cased header name to its raw value. */
export type CaughtMail = { from: string; to: string[]; subject: string; text: string; html: string; headers: Record<string, string>; receivedAt: string };

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
        saveMessage(options.dir, ++count, Buffer.concat(chunks), session).then(() => callback(), callback);
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

async function saveMessage(dir: string, n: number, raw: Buffer, session: SMTPServerSession) {
  const name = String(n).padStart(4, '0');
  const parsed = await simpleParser(raw);
  const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
  const mail: CaughtMail = {
    from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
    to: envelopeTo.length ? envelopeTo : addressesOf(parsed.to),
    subject: parsed.subject ?? '',
    text: (parsed.text ?? '').replace(/\n$/, ''),
    html: typeof parsed.html === 'string' ? parsed.html.replace(/\n$/, '') : '',
    headers,
    receivedAt: new Date().toISOString(),
  };
  writeFileSync(join(dir, `${name}.eml`), raw);
  // Written aside and renamed: a test polling the directory never reads half a file.
  const json = join(dir, `.${name}.json.tmp`);
  writeFileSync(json, JSON.stringify(mail, null, 2));
  renameSync(json, join(dir, `${name}.json`));
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const groups = Array.isArray(field) ? field : field ? [field] : [];
  return groups.flatMap((group) => group.value.map((a) => a.address ?? '')).filter(Boolean);
}
