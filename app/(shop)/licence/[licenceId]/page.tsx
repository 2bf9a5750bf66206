import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { Badge } from '@/components/ui/badge';
import { licenceId as licenceIdSchema } from '@/lib/contract/licences';
import { AppError } from '@/lib/domain/errors';
import { verifyLicence, type VerifiedLicence } from '@/lib/domain/licences';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';
import { formatDate } from '@/lib/format';
import { clientIpOf } from '@/lib/http/client';
import { pageInput } from '@/lib/http/page-input';
import { termsPath } from '@/lib/shop';

// Anyone can check a licence here (Decision 082): a print platform, a client.
// Rendered per request (a revocation shows at once), never indexed, counted
// against the same per-client limit as the API so ids cannot be guessed.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Licence verification', robots: { index: false, follow: false } };

type Props = { params: Promise<{ licenceId: string }> };

type Outcome = { kind: 'found'; licence: VerifiedLicence } | { kind: 'limited'; retryAfterSeconds: number };

async function check(rawId: string): Promise<Outcome | null> {
  try {
    await enforceRateLimit(RATE_LIMITS.licenceVerify, clientIpOf(await headers()));
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return { kind: 'limited', retryAfterSeconds: error.retryAfterSeconds ?? 60 };
    throw error;
  }
  const parsed = licenceIdSchema.safeParse(rawId);
  if (!parsed.success) return null;
  try {
    return { kind: 'found', licence: await verifyLicence(parsed.data) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

export default async function LicenceVerificationPage({ params }: Props) {
  const outcome = await check((await pageInput(params)).licenceId);
  if (!outcome) notFound();
  if (outcome.kind === 'limited') {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
        <h1 className="text-3xl font-bold">Too many checks</h1>
        <p className="mt-3 text-gray-700">Please try again in {outcome.retryAfterSeconds} seconds.</p>
      </div>
    );
  }
  const { licence } = outcome;
  const valid = licence.status === 'valid';
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-gray-700">Licence verification</p>
      <h1 className="mt-1 font-mono text-2xl font-bold">{licence.licenceId}</h1>
      <p className="mt-4">
        <Badge tone={valid ? 'success' : 'danger'} data-testid="licence-status" className="px-4 py-1 text-lg">
          {valid ? 'Valid' : `Revoked on ${formatDate(licence.revokedAt!)}`}
        </Badge>
      </p>
      <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-2xl bg-white p-6 shadow-sm">
        <dt className="font-semibold">Product</dt>
        <dd data-testid="licence-product">{licence.productTitle}</dd>
        <dt className="font-semibold">Licence</dt>
        <dd data-testid="licence-tier">
          {licence.tierName}{' '}
          <Link href={termsPath(licence.tierKey, licence.termsVersion)} className="text-sm text-accent-800 underline">
            terms, version {licence.termsVersion}
          </Link>
        </dd>
        <dt className="font-semibold">Holder</dt>
        <dd data-testid="licence-holder">{licence.holder}</dd>
        <dt className="font-semibold">Issued</dt>
        <dd>{formatDate(licence.issuedAt)}</dd>
      </dl>
      {licence.history.length > 1 && (
        <section className="mt-6">
          <h2 className="font-semibold">History</h2>
          <ul className="mt-2 list-inside list-disc text-gray-800" data-testid="licence-history">
            {licence.history.map((e) => (
              <li key={`${e.event}-${e.at.toISOString()}`}>
                {formatDate(e.at)}: {e.event === 'issued' ? 'issued as' : 'upgraded to'} {e.tierName}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="mt-8 text-sm text-gray-700">The holder is shown by initials only. The shop that issued this licence keeps the full record.</p>
    </div>
  );
}
