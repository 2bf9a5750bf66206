// Who did what, when: every admin change leaves a row (SECURITY: admin actions are recorded).
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

export async function recordAudit(client: Client, actor: string, action: string, target?: string | null, details?: Prisma.InputJsonValue): Promise<void> {
  await client.auditLog.create({ data: { actor, action, target: target ?? null, details } });
}
