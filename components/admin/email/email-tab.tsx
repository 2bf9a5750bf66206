'use client';

import { useState } from 'react';
import type { NewsletterResponse } from '@/lib/contract/newsletters';
import { NewsletterEditor } from './newsletter-editor';
import { NewsletterList } from './newsletter-list';
import { RecoverySettings } from './recovery-settings';

/** Admin → Email (Decision 096): write and send newsletters, follow their progress, and the abandoned-checkout email. */
export function EmailTab() {
  // The draft being edited: null for a new one; the key remounts the editor with its saved fields.
  const [editing, setEditing] = useState<NewsletterResponse | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <NewsletterEditor key={editing?.id ?? 'new'} draft={editing} onSaved={setEditing} onNew={() => setEditing(null)} />
      <NewsletterList onEdit={setEditing} />
      <RecoverySettings />
    </div>
  );
}
