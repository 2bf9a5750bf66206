'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { NewsletterResponse } from '@/lib/contract/newsletters';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm';
import { SelectField } from '@/components/ui/form-controls';
import { api, toastFailure } from '../session';
import { useCatalog } from '../use-catalog';
import { segmentLabel, SEGMENT_LABELS } from './newsletter-list';
import { NEWSLETTERS_PATH, useNewsletters } from './use-newsletters';

type Props = { busy: boolean; save: () => Promise<NewsletterResponse | null>; onSent: () => void };

/** Who receives it, and the Send button (after a confirmation that names them). */
export function SendNewsletter({ busy, save, onSent }: Props) {
  const confirm = useConfirm();
  const { categories } = useCatalog();
  const { mutate } = useNewsletters();
  const [segment, setSegment] = useState('all');
  const [sending, setSending] = useState(false);

  async function send() {
    const ok = await confirm({
      title: 'Send this newsletter?',
      message: `It goes to: ${segmentLabel(segment)}. Only those who agreed to receive the newsletter get it (customers, and guests who ticked the box at checkout or for a free download), and it cannot be changed once sending starts.`,
      confirmLabel: 'Send newsletter',
    });
    if (!ok) return;
    setSending(true);
    try {
      const saved = await save();
      if (!saved) return;
      const result = await api.post<NewsletterResponse>(`${NEWSLETTERS_PATH}/${saved.id}/send`, { segment });
      if (!result.ok) return toastFailure(result.error, 'Failed to send the newsletter');
      toast.success(`Sending to ${result.body.progress.total} recipients`);
      await mutate();
      onSent();
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mt-6 flex flex-wrap items-end gap-3 border-t border-gray-200 pt-4">
      <div className="w-72">
        <SelectField id="newsletter-segment" label="Send to" value={segment} onChange={(e) => setSegment(e.target.value)}>
          {Object.entries(SEGMENT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
          {categories.map((c) => (
            <option key={c.id} value={`category:${c.name}`}>
              Buyers of {c.name}
            </option>
          ))}
        </SelectField>
      </div>
      <Button variant="success" disabled={busy || sending} onClick={() => void send()}>
        {sending ? 'Sending...' : 'Send'}
      </Button>
    </div>
  );
}
