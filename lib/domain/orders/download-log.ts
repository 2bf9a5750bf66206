// An order's download log as evidence for a card dispute: when, which file,
// from which client address, written by the shared CSV writer (lib/domain/csv.ts).
import 'server-only';
import { csvText } from '@/lib/domain/csv';
import { notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';

export type DownloadLogRow = { createdAt: Date; productId: string; title: string; filename: string; ip: string | null; userId: string | null };

/** Every download of the order, oldest first. */
export async function listOrderDownloads(sessionId: string): Promise<DownloadLogRow[]> {
  const order = await db().order.findUnique({
    where: { sessionId },
    select: {
      items: { select: { productId: true, title: true } },
      downloads: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: { file: { select: { originalFilename: true } } } },
    },
  });
  if (!order) throw notFound('Order not found');
  const titles = new Map(order.items.map((i) => [i.productId, i.title]));
  return order.downloads.map((d) => ({
    createdAt: d.createdAt,
    productId: d.productId,
    title: titles.get(d.productId) ?? '',
    filename: d.file.originalFilename,
    ip: d.ip,
    userId: d.userId,
  }));
}

export function downloadLogCsv(rows: DownloadLogRow[]): string {
  const header = ['downloaded_at', 'product_id', 'product', 'file', 'client_address', 'customer_account'];
  return csvText(header, rows, (r) => [r.createdAt, r.productId, r.title, r.filename, r.ip, r.userId]);
}
