import 'server-only';
import { z } from 'zod';
import { recordAudit } from '@/lib/domain/audit';
import { invalid } from '@/lib/domain/errors';
import { db, type Prisma } from '@/lib/infra/db';
import { formatAbn, isValidAbn } from './abn';

const BUSINESS_KEY = 'business_details';
const BUSINESS_AUDIT_ACTION = 'settings.business';

export type BusinessDetails = { name: string; abn: string; address: string; email: string; gstRegistered: boolean };

// Stored as JSON in one Setting row; parsed on the way out so a hand-edited row cannot break invoices.
const storedSchema = z.object({ name: z.string(), abn: z.string(), address: z.string(), email: z.string(), gstRegistered: z.boolean() });

export const EMPTY_BUSINESS: BusinessDetails = { name: '', abn: '', address: '', email: '', gstRegistered: false };

export function parseBusinessDetails(value: unknown): BusinessDetails {
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_BUSINESS;
}

export async function getBusinessDetails(client: Prisma.TransactionClient = db()): Promise<BusinessDetails> {
  const row = await client.setting.findUnique({ where: { key: BUSINESS_KEY } });
  if (!row) return EMPTY_BUSINESS;
  try {
    return parseBusinessDetails(JSON.parse(row.value));
  } catch {
    return EMPTY_BUSINESS;
  }
}

/**
 * The details in force at `when` (an order's payment): the last version saved
 * before it. A payment made before any details were saved gets today's, so an
 * owner who fills them in after the first sales still issues complete invoices.
 */
export async function businessDetailsAt(when: Date, client: Prisma.TransactionClient = db()): Promise<BusinessDetails> {
  const version = await client.auditLog.findFirst({
    where: { action: BUSINESS_AUDIT_ACTION, createdAt: { lte: when } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { details: true },
  });
  return version ? parseBusinessDetails(version.details) : getBusinessDetails(client);
}

export async function saveBusinessDetails(actor: string, details: BusinessDetails): Promise<BusinessDetails> {
  // An empty ABN is allowed only while the business is not registered for GST: a tax invoice must show one.
  if (details.abn && !isValidAbn(details.abn)) throw invalid('Invalid ABN', { abn: ['ABN check digits do not match'] });
  if (details.gstRegistered && !details.abn) throw invalid('An ABN is required when registered for GST', { abn: ['ABN is required'] });
  const saved: BusinessDetails = { ...details, abn: details.abn ? formatAbn(details.abn) : '' };
  const value = JSON.stringify(saved);
  await db().$transaction(async (tx) => {
    await tx.setting.upsert({ where: { key: BUSINESS_KEY }, create: { key: BUSINESS_KEY, value }, update: { value } });
    // The whole version goes in the audit log: an invoice shows the details as they were at its payment.
    await recordAudit(tx, actor, BUSINESS_AUDIT_ACTION, null, saved);
  });
  return saved;
}
