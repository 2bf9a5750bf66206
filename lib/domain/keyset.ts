// Reading every row of a large result a batch at a time, by keyset: each batch
// starts after the last row of the one before, so only one batch is ever held.
// Exports stream these (Decision 085).
//
// Every export lists newest first, ties broken by id. The next batch is asked
// for as `createdAt <= last AND (createdAt < last OR id after last id)`, not
// with Prisma's cursor: Prisma's cursor condition is an OR with no bound that an
// index can start from, so Postgres read the index from the top on every batch,
// and the millionth line of an export cost a thousand times the first
// (Decision 101). The redundant `<=` bound lets the (createdAt DESC, id) index
// start at the last row.

/** Where a batch ended: its last row's creation time and id. */
export type Keyset = { createdAt: Date; id: string };

export const EXPORT_BATCH = 500;

/**
 * The rows after `after` in the order `createdAt DESC`, then `id` ascending or
 * descending: a where clause for any model with those two columns. No condition
 * for the first batch.
 */
export function afterKeyset(after: Keyset | undefined, ids: 'asc' | 'desc') {
  if (!after) return {};
  const nextId = ids === 'asc' ? { gt: after.id } : { lt: after.id };
  return { createdAt: { lte: after.createdAt }, OR: [{ createdAt: { lt: after.createdAt } }, { id: nextId }] };
}

/**
 * One batch's findMany arguments: the list's own filter, the rows after `after`,
 * and the order they are read in, from one `ids` direction so the two cannot disagree.
 */
export function keysetPage<W>(where: W, after: Keyset | undefined, ids: 'asc' | 'desc', take: number) {
  return {
    where: { AND: [where, afterKeyset(after, ids)] },
    orderBy: [{ createdAt: 'desc' as const }, { id: ids }],
    take,
  };
}

/**
 * Calls `read` until a batch comes back short. `read` answers the keys of the
 * rows it read, in order, and the rows to yield for them (an order's lines, say).
 */
export async function* keysetBatches<T>(
  read: (after: Keyset | undefined, take: number) => Promise<{ keys: Keyset[]; rows: T[] }>,
  size: number = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  let after: Keyset | undefined;
  for (;;) {
    const { keys, rows } = await read(after, size);
    if (rows.length > 0) yield rows;
    if (keys.length < size) return;
    after = keys[keys.length - 1];
  }
}
