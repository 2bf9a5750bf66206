import 'server-only';
import { notFound } from 'next/navigation';
import { findNonText } from '@/lib/domain/text';

/**
 * A page's `params` or `searchParams`, awaited and checked to be text like
 * every API input (lib/domain/text.ts): every page reads them through here.
 * A page cannot answer 400, so a value holding a NUL byte or a lone surrogate
 * names a page nobody has: the normal not-found answer (404), never a
 * database error on the error page.
 */
export async function pageInput<T>(input: Promise<T>): Promise<T> {
  const value = await input;
  if (findNonText(value) !== null) notFound();
  return value;
}
