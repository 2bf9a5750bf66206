// Reads the SMTP catcher's directory (MAIL_DIR from `npm test`): the emails the
// running shop sent over real SMTP, for API, security and browser tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaughtMail } from '../../scripts/lib/mail-catcher';

export type { CaughtMail };

/** The first message to `address` (whose subject contains `subject`, when given) the SMTP catcher holds, waiting up to `timeoutMs`. */
export async function waitForMail(address: string, timeoutMs = 10_000, subject = ''): Promise<CaughtMail> {
  const dir = process.env.MAIL_DIR;
  if (!dir) throw new Error('MAIL_DIR is not set: run these tests through `npm test`');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMails(dir).find((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()) && m.subject.includes(subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${address}${subject ? ` about "${subject}"` : ''} reached the SMTP catcher within ${timeoutMs} ms`);
}

function readMails(dir: string): CaughtMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CaughtMail);
}
