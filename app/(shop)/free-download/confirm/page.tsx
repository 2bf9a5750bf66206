import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/panels';
import { describeFreeDownload } from '@/lib/domain/free-downloads';
import { pageInput } from '@/lib/http/page-input';
import { ConfirmDownloadButton } from './confirm-download-button';

// Where a free download's emailed link lands (Decision 095). Opening it changes
// nothing (mail scanners open links): the button POSTs, which uses the link
// once and creates the order. Rendered per request, never cached.
export const metadata: Metadata = { title: 'Your free download', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function FreeDownloadConfirmPage({ searchParams }: Props) {
  const raw = (await pageInput(searchParams)).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const view = token ? await describeFreeDownload(token) : null;
  return (
    <AccountCard>
      <h1 className="text-center text-3xl font-extrabold tracking-tight">Your free download</h1>
      {!view ? (
        <p className="mt-6 text-center text-gray-700">This download link is invalid, used or expired. Ask for the free download again on the product page.</p>
      ) : (
        <ConfirmDownloadButton token={token} title={view.title} maskedEmail={view.maskedEmail} />
      )}
    </AccountCard>
  );
}
