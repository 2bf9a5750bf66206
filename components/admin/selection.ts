/**
 * "Select all N matching" in All Products: every item the list's search matches,
 * on any page. The search is kept as it was counted, so an action (bulk move,
 * delete, a sale) reaches that filter, never a wider one typed since.
 */
export type AllMatching = { search: string; total: number };

/** The `all_matching` body field the bulk endpoints take instead of ids (Decision 060). */
export const allMatchingBody = (all: AllMatching) => ({ all_matching: { search: all.search || undefined } });
