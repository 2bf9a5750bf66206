'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useStoredUser } from '@/components/account/use-user';
import { api } from '@/components/data/api';
import { ConsentBox } from '@/components/marketing/consent-box';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { DownloadIcon } from '@/components/ui/content-icons';

/** A free product's button: email and name, then a link by email (docs/product.md §2 Product page, Decision 095). */
export function FreeDownloadForm({ productId, title }: { productId: string; title: string }) {
  const user = useStoredUser();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  function start() {
    // A signed-in customer's details are filled in; they can still be changed.
    if (user && !email) setEmail(user.email);
    if (user && !name) setName(user.name);
    setOpen(true);
  }

  async function submit() {
    setBusy(true);
    const result = await api.post<{ message: string }>('/api/free-downloads', { product_id: productId, email: email.trim(), name: name.trim(), consent });
    setBusy(false);
    if (!result.ok) return void toast.error(result.error.detail ?? 'Could not send the download link. Please try again.');
    setSent(result.body.message);
  }

  return (
    <div>
      <Button size="lg" className="w-full" onClick={start}>
        <DownloadIcon className="mr-2 h-5 w-5" />
        Free download
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Free download: ${title}`} size="sm">
        {sent ? (
          <Notice tone="success" role="status" className="text-base">
            {sent}
          </Notice>
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <p className="text-sm text-gray-700">We email you a link: opening it confirms your address and starts your download.</p>
            <TextField
              id="free-email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField id="free-name" label="Name" autoComplete="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
            <ConsentBox id="free-consent" checked={consent} onChange={setConsent} />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Sending...' : 'Email me the download link'}
            </Button>
          </form>
        )}
      </Dialog>
    </div>
  );
}
