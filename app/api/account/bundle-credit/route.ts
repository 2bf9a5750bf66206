// GET /api/account/bundle-credit — the session customer's price for each bundle asked about, less what they paid for the items of it they own (Decision 094)
import { bundleCreditQuerySchema, bundleCreditResponse } from '@/lib/contract/accounts';
import { quoteBundleCredits } from '@/lib/domain/bundle-credit';
import { handler, jsonOf, parseQuery } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';
import { centsToDollars } from '@/lib/format';

// The account is the session's, never an id from the query (docs/security.md S1): a customer reads only their own purchases.
export const GET = handler(async (request) => {
  const user = await requireSessionUser(request);
  const { ids } = parseQuery(request, bundleCreditQuerySchema);
  const quotes = await quoteBundleCredits(user.id, ids);
  return jsonOf(bundleCreditResponse, {
    bundles: quotes.map((q) => {
      const tiers = q.tiers.map((t) => ({ licence: t.licence, price: centsToDollars(t.priceCents), credit: centsToDollars(t.creditCents) }));
      return { id: q.id, owned: q.owned, total: q.total, credit: tiers[0]?.credit ?? 0, price: tiers[0]?.price ?? 0, licences: tiers };
    }),
  });
});
