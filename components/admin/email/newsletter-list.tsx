'use client';

import type { NewsletterResponse } from '@/lib/contract/newsletters';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useNewsletters } from './use-newsletters';

const STATUS: Record<NewsletterResponse['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
};

export const SEGMENT_LABELS: Record<string, string> = {
  all: 'Everyone who consented',
  members: 'Members',
  never_bought: 'Customers who never bought',
};

export const segmentLabel = (segment: string) =>
  SEGMENT_LABELS[segment] ?? (segment.startsWith('category:') ? `Buyers of ${segment.slice('category:'.length)}` : segment);

function Progress({ newsletter }: { newsletter: NewsletterResponse }) {
  const p = newsletter.progress;
  if (newsletter.status === 'draft') return <span className="text-gray-600">Not sent yet</span>;
  return (
    <span data-testid="newsletter-progress">
      {p.sent} of {p.total} sent · {p.failed} failed · {p.skipped_unsubscribed} skipped (unsubscribed) · {p.unsubscribed_since} unsubscribed since
      {p.queued > 0 ? ` · ${p.queued} waiting` : ''}
    </span>
  );
}

/** Every newsletter, newest first, with how far its sending has gone. */
export function NewsletterList({ onEdit }: { onEdit: (draft: NewsletterResponse) => void }) {
  const { data } = useNewsletters();
  return (
    <Card as="section" aria-labelledby="newsletters-title">
      <h2 id="newsletters-title" className="mb-3 text-lg font-bold">
        Newsletters
      </h2>
      {!data ? (
        <p role="status">Loading...</p>
      ) : data.newsletters.length === 0 ? (
        <p className="text-gray-700">No newsletters yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Newsletters">
          {data.newsletters.map((n) => (
            <li key={n.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 p-3 text-sm">
              <div className="flex flex-col gap-1">
                <span className="font-semibold">{n.subject}</span>
                <span className="text-gray-700">
                  {n.segment ? `${segmentLabel(n.segment)} · ` : ''}
                  {n.send_started_at ? `started ${formatDateTime(n.send_started_at)}` : `written ${formatDateTime(n.created_at)}`}
                </span>
                <Progress newsletter={n} />
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={STATUS[n.status].tone}>{STATUS[n.status].label}</Badge>
                {n.status === 'draft' && (
                  <Button size="sm" variant="secondary" onClick={() => onEdit(n)} aria-label={`Edit ${n.subject}`}>
                    Edit
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
