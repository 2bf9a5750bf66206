// GET /api/tags — the tag vocabulary
import { listTags } from '@/lib/domain/catalog';
import { handler, json } from '@/lib/http/handler';

export const GET = handler(async () => json(await listTags(), { cache: 'public' }));
