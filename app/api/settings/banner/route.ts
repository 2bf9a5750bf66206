// GET /api/settings/banner — the announcement banner message
import { getBanner } from '@/lib/cache/catalog';
import { handler, json } from '@/lib/http/handler';

export const GET = handler(async () => json({ message: await getBanner() }, { cache: 'public' }));
