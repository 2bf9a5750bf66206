// POST /api/email/unsubscribe?token= — one-click unsubscribe (RFC 8058) from the kind of marketing email the signed link names
import { unsubscribeForm, unsubscribeQuery, unsubscribeResponse } from '@/lib/contract/marketing';
import { invalid } from '@/lib/domain/errors';
import { unsubscribeWithToken } from '@/lib/domain/marketing';
import { handler, jsonOf, parseForm, parseQuery } from '@/lib/http/handler';

// No session and no Origin check: mail providers POST this from their own
// servers, and the signed token is the whole authority (it can only turn one
// category off for one customer). No rate limit either: a forged token is
// refused before any query, and providers send many customers' requests
// from one address.
export const POST = handler(async (request) => {
  const fromQuery = parseQuery(request, unsubscribeQuery).token;
  const type = request.headers.get('content-type') ?? '';
  const form = type.includes('form') ? await parseForm(request, unsubscribeForm) : {};
  const token = fromQuery ?? form.token;
  const done = token ? await unsubscribeWithToken(token, form['List-Unsubscribe'] === 'One-Click' ? 'one_click' : 'unsubscribe_link') : null;
  if (!done) throw invalid('This unsubscribe link is not valid. Use the link in your most recent email.');
  return jsonOf(unsubscribeResponse, { success: true, category: done.category, message: `You will no longer receive ${done.label}.` });
});
