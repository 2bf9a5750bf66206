// GET /api/licences — the licence tiers on sale, in order, each with its terms page
import { getLicenceTiers } from '@/lib/cache/licences';
import { licenceTierResponse } from '@/lib/contract/licences';
import { handler, jsonOf } from '@/lib/http/handler';
import { toLicenceTierResponse } from '@/lib/http/responses/licences';
import { z } from 'zod';

export const GET = handler(async () => {
  const tiers = await getLicenceTiers();
  return jsonOf(z.array(licenceTierResponse), tiers.filter((t) => !t.retired).map(toLicenceTierResponse), { cache: 'public' });
});
