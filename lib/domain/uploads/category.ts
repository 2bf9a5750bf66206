import 'server-only';
import { invalid } from '@/lib/domain/errors';
import type { Prisma } from '@/lib/infra/db';

type Client = Pick<Prisma.TransactionClient, 'category'>;

/** The Tags tab is the shop's vocabulary: a tag saved on a product joins it (inside the caller's transaction). */
export async function addToVocabulary(client: Pick<Prisma.TransactionClient, 'tag'>, tags: string[]): Promise<void> {
  if (tags.length > 0) await client.tag.createMany({ data: tags.map((name) => ({ name })), skipDuplicates: true });
}

/** The category by name, with the subcategory checked against its list. */
export async function resolveCategory(client: Client, name: string, subcategory: string | null): Promise<{ categoryId: string; subcategory: string | null }> {
  const category = await client.category.findUnique({ where: { name } });
  if (!category) throw invalid(`Unknown category: ${name}`, { category: ['Unknown category'] });
  if (subcategory && !category.subcategories.includes(subcategory)) {
    throw invalid(`Unknown subcategory: ${subcategory}`, { subcategory: ['Unknown subcategory'] });
  }
  return { categoryId: category.id, subcategory: subcategory || null };
}

export function parseTags(tags: string | undefined): string[] {
  return [
    ...new Set(
      (tags ?? '')
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, 30);
}
