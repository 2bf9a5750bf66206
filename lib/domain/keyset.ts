// Reading every row of a large result a batch at a time, by keyset: each batch
// starts after the last row of the one before (Prisma's cursor, on the unique
// id, under the list's own order), so the thousandth batch costs what the first
// did and only one batch is ever held. Exports stream these (Decision 085).

/** Where the next batch starts: after the row with this id (skipping it), or at the start. */
export type KeysetCursor = { cursor?: { id: string }; skip?: number };

export const EXPORT_BATCH = 500;

/**
 * Calls `read` until a batch comes back short. `read` answers the ids it read,
 * in order (the cursor), and the rows to yield for them (an order's lines, say).
 */
export async function* keysetBatches<T>(
  read: (after: KeysetCursor, take: number) => Promise<{ keys: string[]; rows: T[] }>,
  size: number = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  let after: KeysetCursor = {};
  for (;;) {
    const { keys, rows } = await read(after, size);
    if (rows.length > 0) yield rows;
    if (keys.length < size) return;
    after = { cursor: { id: keys[keys.length - 1] }, skip: 1 };
  }
}
