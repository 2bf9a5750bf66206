// GET /api/account/email-preferences — customer: each kind of marketing email, on or off
// PUT /api/account/email-preferences — customer: turn kinds on or off (applied at once, each change recorded as consent)
import { emailPreferencesResponse, emailPreferencesUpdate } from '@/lib/contract/marketing';
import { getEmailPreferences, updateEmailPreferences } from '@/lib/domain/marketing';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseJson } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';

// The customer is the session's, never an id from the request (docs/security.md S1).
export const GET = handler(async (request) => {
  const user = await requireSessionUser(request);
  return jsonOf(emailPreferencesResponse, await getEmailPreferences(user.id));
});

export const PUT = handler(async (request) => {
  assertSameOrigin(request);
  const user = await requireSessionUser(request);
  const wanted = await parseJson(request, emailPreferencesUpdate);
  return jsonOf(emailPreferencesResponse, await updateEmailPreferences(user.id, wanted));
});
