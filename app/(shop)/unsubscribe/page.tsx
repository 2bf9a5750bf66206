import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/panels';
import { describeUnsubscribe } from '@/lib/domain/marketing';
import { pageInput } from '@/lib/http/page-input';
import { UnsubscribeButton } from './unsubscribe-button';

// Where a marketing email's footer link lands (Decision 087). It works without
// signing in and changes nothing on GET (a link scanner or prefetch must not
// unsubscribe anyone): the button POSTs, and takes effect at once. Rendered
// per request (it reads the token), never cached.
export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function UnsubscribePage({ searchParams }: Props) {
  const raw = (await pageInput(searchParams)).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const view = token ? await describeUnsubscribe(token) : null;
  return (
    <AccountCard>
      <h1 className="text-center text-3xl font-extrabold tracking-tight">Unsubscribe</h1>
      {!view ? (
        <p className="mt-6 text-center text-gray-700">This unsubscribe link is not valid. Use the link in your most recent email from us.</p>
      ) : (
        <UnsubscribeButton token={token} label={view.label} maskedEmail={view.maskedEmail} subscribed={view.subscribed} />
      )}
    </AccountCard>
  );
}
