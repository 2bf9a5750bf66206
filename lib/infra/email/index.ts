import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';

// Sends through SMTP_URL when set; otherwise the message lands in the outbox
// table (and the server log), which is the inbox of a local shop.

/**
 * `fromName` replaces the display name of EMAIL_FROM (the shop's configured name); the address is always EMAIL_FROM's.
 * `headers`: extra headers, e.g. List-Unsubscribe on marketing email (RFC 8058).
 */
export type EmailMessage = { to: string; subject: string; text: string; html?: string; fromName?: string; headers?: Record<string, string> };

/** The address inside `Name <address>`, or the whole value when it is a bare address. */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

const globalForMail = globalThis as unknown as { shopMailer?: Transporter };

function transporter(url: string): Transporter {
  globalForMail.shopMailer ??= nodemailer.createTransport(url);
  return globalForMail.shopMailer;
}

export async function sendEmail(message: EmailMessage): Promise<void> {
  const { SMTP_URL, EMAIL_FROM } = env();
  if (SMTP_URL) {
    const { fromName, ...mail } = message;
    // An object, not a string: nodemailer quotes and encodes the name, so a comma or a quote in it cannot add a recipient.
    const from = fromName ? { name: fromName, address: addressOf(EMAIL_FROM) } : EMAIL_FROM;
    await transporter(SMTP_URL).sendMail({ ...mail, from });
    return;
  }
  await db().outboxEmail.create({ data: { to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers } });
  // The recipient and subject only: bodies may hold links that act as credentials.
  console.info(`[email] outbox: "${message.subject}" to ${message.to}`);
}
