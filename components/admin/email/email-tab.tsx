'use client';

import { useState } from 'react';
import type { NewsletterResponse } from '@/lib/contract/newsletters';
import { NewsletterEditor } from './newsletter-editor';
import { NewsletterList } from './newsletter-list';
import { RecoverySettings } from './recovery-settings';

/** Admin → Email (Decision 096): write and send newsletters, follow their progress, and the abandoned-checkout email. */
export function EmailTab() {
  // The draft being edited (null: a new one). Saving updates it in place; only opening another
  // draft or starting a new one remounts the editor, so a save never loses what the editor shows.
  const [editing, setEditing] = useState<NewsletterResponse | null>(null);
  const [opened, setOpened] = useState(0);
  const open = (draft: NewsletterResponse | null) => {
    setEditing(draft);
    setOpened((n) => n + 1);
  };
  return (
    <div className="flex flex-col gap-6">
      <NewsletterEditor key={opened} draft={editing} onSaved={setEditing} onNew={() => open(null)} />
      <NewsletterList onEdit={open} />
      <RecoverySettings />
    </div>
  );
}
