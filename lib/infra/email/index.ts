import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';

// Sends through SMTP_URL when set; otherwise the message lands in the outbox
// table (and the server log), which is the inbox of a local shop.

/** `headers`: extra headers, e.g. List-Unsubscribe on marketing email (RFC 8058). */
export type EmailMessage = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

const globalForMail = globalThis as unknown as { shopMailer?: Transporter };

function transporter(url: string): Transporter {
  globalForMail.shopMailer ??= nodemailer.createTransport(url);
  return globalForMail.shopMailer;
}

export async function sendEmail(message: EmailMessage): Promise<void> {
  const { SMTP_URL, EMAIL_FROM } = env();
  if (SMTP_URL) {
    await transporter(SMTP_URL).sendMail({ from: EMAIL_FROM, ...message });
    return;
  }
  await db().outboxEmail.create({ data: { to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers } });
  // The recipient and subject only: bodies may hold links that act as credentials.
  console.info(`[email] outbox: "${message.subject}" to ${message.to}`);
}
