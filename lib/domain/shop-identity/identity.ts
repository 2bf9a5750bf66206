import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { db, type Prisma } from '@/lib/infra/db';
import { DEFAULT_SHOP_IDENTITY, type ShopIdentity } from './defaults';

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

const ROW_ID = 1;
export const IDENTITY_AUDIT_ACTION = 'settings.shop';

const select = {
  name: true,
  logoPath: true,
  heroImagePath: true,
  heroHeadline: true,
  heroText: true,
  socialHandle: true,
  contactEmail: true,
  footerLine: true,
} satisfies Prisma.ShopIdentitySelect;

/** The shop's identity; the built-in one when the row is missing (a database restored from before it existed). */
export async function getShopIdentity(client: Client = db()): Promise<ShopIdentity> {
  return (await client.shopIdentity.findUnique({ where: { id: ROW_ID }, select })) ?? DEFAULT_SHOP_IDENTITY;
}

/** The name the shop signs with: storefront, emails, invoices, certificates. */
export async function getShopName(client: Client = db()): Promise<string> {
  return (await getShopIdentity(client)).name;
}

export type ShopIdentityText = Pick<ShopIdentity, 'name' | 'heroHeadline' | 'heroText' | 'socialHandle' | 'contactEmail' | 'footerLine'>;

export async function saveShopIdentity(actor: string, text: ShopIdentityText): Promise<ShopIdentity> {
  return db().$transaction(async (tx) => {
    const saved = await tx.shopIdentity.upsert({ where: { id: ROW_ID }, create: { id: ROW_ID, ...text }, update: text, select });
    await recordAudit(tx, actor, IDENTITY_AUDIT_ACTION, null, { ...text });
    return saved;
  });
}

/** Points the logo or hero at a stored image (or at none); answers the path it replaced. */
export async function setShopImagePath(actor: string, kind: 'logo' | 'hero', path: string | null): Promise<string | null> {
  const column = kind === 'logo' ? 'logoPath' : 'heroImagePath';
  return db().$transaction(async (tx) => {
    const current = await getShopIdentity(tx);
    await tx.shopIdentity.upsert({ where: { id: ROW_ID }, create: { id: ROW_ID, [column]: path }, update: { [column]: path } });
    await recordAudit(tx, actor, `${IDENTITY_AUDIT_ACTION}.${kind}`, null, { path });
    return current[column];
  });
}
