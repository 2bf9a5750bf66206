// The owner's licence tiers: reads for shoppers (plain, serialisable records,
// so they can be cached) and the back office's changes. Editing terms adds a
// version and never rewrites one; a tier is retired, never deleted, because
// licences sold under it keep naming it (Decision 081).
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { db, Prisma } from '@/lib/infra/db';
import type { TierRule } from './prices';

export type LicenceTier = TierRule & { termsVersion: number };

/** The tier a membership includes when the owner has not chosen one. */
export const DEFAULT_MEMBER_TIER_KEY = 'commercial';
export const MEMBER_TIER_SETTING = 'licence_member_tier';

const tierSelect = {
  id: true,
  key: true,
  name: true,
  summary: true,
  position: true,
  priceBasisPoints: true,
  retiredAt: true,
  terms: { select: { version: true }, orderBy: { version: 'desc' }, take: 1 },
} satisfies Prisma.LicenceTierSelect;

type TierRow = Prisma.LicenceTierGetPayload<{ select: typeof tierSelect }>;

const toTier = (row: TierRow): LicenceTier => ({
  id: row.id,
  key: row.key,
  name: row.name,
  summary: row.summary,
  position: row.position,
  priceBasisPoints: row.priceBasisPoints,
  retired: row.retiredAt !== null,
  termsVersion: row.terms[0]?.version ?? 0,
});

/** Every tier, retired ones too, in order. */
export async function listTiers(): Promise<LicenceTier[]> {
  const rows = await db().licenceTier.findMany({ select: tierSelect, orderBy: [{ position: 'asc' }, { createdAt: 'asc' }] });
  return rows.map(toTier);
}

/** The tier key of the membership's included tier (the owner's choice, else Commercial). */
export async function getMemberTierKey(): Promise<string> {
  const row = await db().setting.findUnique({ where: { key: MEMBER_TIER_SETTING } });
  return row?.value ?? DEFAULT_MEMBER_TIER_KEY;
}

export type TermsVersion = { tier: LicenceTier; version: number; markdown: string; createdAt: Date };

/** A tier's terms, the newest version unless one is named; null for an unknown key or version. */
export async function getTerms(key: string, version?: number): Promise<TermsVersion | null> {
  const row = await db().licenceTier.findUnique({ where: { key }, select: tierSelect });
  if (!row) return null;
  const terms = await db().licenceTerms.findFirst({
    where: { tierId: row.id, ...(version ? { version } : {}) },
    orderBy: { version: 'desc' },
  });
  return terms ? { tier: toTier(row), version: terms.version, markdown: terms.markdown, createdAt: terms.createdAt } : null;
}

// ---- The back office ----

export type TierInput = { key: string; name: string; summary: string; terms: string; priceBasisPoints: number };
export type TierEdit = Partial<Omit<TierInput, 'key'>> & { retired?: boolean };

export async function createTier(actor: string, input: TierInput): Promise<LicenceTier> {
  return db().$transaction(async (tx) => {
    if (await tx.licenceTier.findUnique({ where: { key: input.key }, select: { id: true } })) {
      throw new AppError('conflict', `A licence tier with the key "${input.key}" exists`, { key: ['Already used'] });
    }
    const last = await tx.licenceTier.aggregate({ _max: { position: true } });
    const tier = await tx.licenceTier.create({
      data: {
        key: input.key,
        name: input.name,
        summary: input.summary,
        priceBasisPoints: input.priceBasisPoints,
        position: (last._max.position ?? -1) + 1,
        terms: { create: { version: 1, markdown: input.terms } },
      },
      select: tierSelect,
    });
    await recordAudit(tx, actor, 'licence_tier.create', input.key);
    return toTier(tier);
  });
}

/** Renames, re-prices, retires or restores a tier; new terms become the next version. */
export async function updateTier(actor: string, key: string, edit: TierEdit): Promise<LicenceTier> {
  return db().$transaction(async (tx) => {
    const tier = await tx.licenceTier.findUnique({ where: { key }, select: tierSelect });
    if (!tier) throw notFound('Licence tier not found');
    const data: Prisma.LicenceTierUpdateInput = {};
    if (edit.name !== undefined) data.name = edit.name;
    if (edit.summary !== undefined) data.summary = edit.summary;
    if (edit.priceBasisPoints !== undefined) data.priceBasisPoints = edit.priceBasisPoints;
    if (edit.retired !== undefined) data.retiredAt = edit.retired ? (tier.retiredAt ?? new Date()) : null;
    const current = await tx.licenceTerms.findFirst({ where: { tierId: tier.id }, orderBy: { version: 'desc' } });
    const newTerms = edit.terms !== undefined && edit.terms !== current?.markdown;
    if (newTerms) await tx.licenceTerms.create({ data: { tierId: tier.id, version: (current?.version ?? 0) + 1, markdown: edit.terms! } });
    const updated = await tx.licenceTier.update({ where: { id: tier.id }, data, select: tierSelect });
    if (edit.retired && (await tx.licenceTier.count({ where: { retiredAt: null } })) === 0) {
      throw invalid('At least one licence tier must stay on sale');
    }
    await recordAudit(tx, actor, 'licence_tier.update', key, [...Object.keys(data), ...(newTerms ? ['terms'] : [])]);
    return toTier(updated);
  });
}

/** The tiers in a new order (every key once); and/or the membership's included tier. */
export async function updateTierSettings(actor: string, settings: { order?: string[]; memberTier?: string }): Promise<void> {
  await db().$transaction(async (tx) => {
    const tiers = await tx.licenceTier.findMany({ select: { id: true, key: true } });
    const keys = new Set(tiers.map((t) => t.key));
    if (settings.order) {
      const order = settings.order;
      if (order.length !== keys.size || new Set(order).size !== order.length || order.some((k) => !keys.has(k))) {
        throw invalid('List every licence tier once', { order: ['List every licence tier once'] });
      }
      for (const [position, key] of order.entries()) await tx.licenceTier.update({ where: { key }, data: { position } });
    }
    if (settings.memberTier !== undefined) {
      if (!keys.has(settings.memberTier)) throw invalid(`Unknown licence tier: ${settings.memberTier}`, { member_tier: ['Unknown licence tier'] });
      await tx.setting.upsert({
        where: { key: MEMBER_TIER_SETTING },
        create: { key: MEMBER_TIER_SETTING, value: settings.memberTier },
        update: { value: settings.memberTier },
      });
    }
    await recordAudit(tx, actor, 'licence_tier.settings', null, { order: settings.order ?? null, member_tier: settings.memberTier ?? null });
  });
}

/** The newest terms of every tier (the back office's editor). */
export async function listCurrentTerms(): Promise<Map<string, string>> {
  const rows = await db().licenceTerms.findMany({
    distinct: ['tierId'],
    orderBy: [{ tierId: 'asc' }, { version: 'desc' }],
    select: { tierId: true, markdown: true },
  });
  return new Map(rows.map((r) => [r.tierId, r.markdown]));
}
