/** Prisma passes `contains` into LIKE as is, so the pattern characters of user text must be escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
