'use client';

import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { NewsletterPreviewResponse, NewsletterResponse } from '@/lib/contract/newsletters';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/form-controls';
import { ProductPicker, type PickedProduct } from '../product-picker';
import { api, toastFailure } from '../session';
import { NewsletterPreview } from './newsletter-preview';
import { SendNewsletter } from './send-newsletter';
import { NEWSLETTERS_PATH, useNewsletters } from './use-newsletters';

type Props = { draft: NewsletterResponse | null; onSaved: (saved: NewsletterResponse) => void; onNew: () => void };

/** Titles of a saved draft's featured products, for the picker (the draft keeps only their ids). */
function useFeaturedTitles(ids: string[], onLoad: (picked: PickedProduct[]) => void) {
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return;
    let stale = false;
    void Promise.all(key.split(',').map((id) => api.get<{ id: string; title: string }>(`/api/products/${id}`))).then((results) => {
      if (!stale) onLoad(results.flatMap((r) => (r.ok ? [{ id: r.body.id, title: r.body.title }] : [])));
    });
    return () => {
      stale = true;
    };
  }, [key, onLoad]);
}

/** Write a newsletter: subject, Markdown, featured products; save, preview, send a test, send. */
export function NewsletterEditor({ draft, onSaved, onNew }: Props) {
  const { mutate } = useNewsletters();
  const [subject, setSubject] = useState(draft?.subject ?? '');
  const [markdown, setMarkdown] = useState(draft?.markdown ?? '');
  const [products, setProducts] = useState<PickedProduct[]>([]);
  const [preview, setPreview] = useState<NewsletterPreviewResponse | null>(null);
  const [busy, setBusy] = useState(false);
  // Titles for the draft this editor opened with; later saves keep the picker as it is.
  const [openedIds] = useState(draft?.featured_product_ids ?? []);
  useFeaturedTitles(openedIds, setProducts);

  /** Saves the fields (a new draft the first time); the saved newsletter, or null after a failure toast. */
  async function save(): Promise<NewsletterResponse | null> {
    const body = { subject, markdown, featured_product_ids: products.map((p) => p.id) };
    const result = draft
      ? await api.put<NewsletterResponse>(`${NEWSLETTERS_PATH}/${draft.id}`, body)
      : await api.post<NewsletterResponse>(NEWSLETTERS_PATH, body);
    if (!result.ok) {
      toastFailure(result.error, 'Failed to save the newsletter');
      return null;
    }
    await mutate();
    onSaved(result.body);
    return result.body;
  }

  async function run(action: (saved: NewsletterResponse) => Promise<void>) {
    setBusy(true);
    try {
      const saved = await save();
      if (saved) await action(saved);
    } finally {
      setBusy(false);
    }
  }

  const showPreview = (saved: NewsletterResponse) =>
    api.get<NewsletterPreviewResponse>(`${NEWSLETTERS_PATH}/${saved.id}/preview`).then((result) => {
      if (result.ok) setPreview(result.body);
      else toastFailure(result.error, 'Failed to build the preview');
    });

  const sendTest = (saved: NewsletterResponse) =>
    api.post<{ sent_to: string }>(`${NEWSLETTERS_PATH}/${saved.id}/test`).then((result) => {
      if (result.ok) toast.success(`Test sent to ${result.body.sent_to}`);
      else toastFailure(result.error, 'Failed to send the test');
    });

  return (
    <Card as="section" aria-labelledby="newsletter-editor-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="newsletter-editor-title" className="text-lg font-bold">
          {draft ? 'Edit newsletter' : 'New newsletter'}
        </h2>
        {draft && (
          <Button size="sm" variant="secondary" onClick={onNew}>
            Write a new one
          </Button>
        )}
      </div>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => void toast.success('Newsletter saved'));
        }}
      >
        <TextField id="newsletter-subject" label="Subject" required maxLength={150} value={subject} onChange={(e) => setSubject(e.target.value)} />
        <TextareaField
          id="newsletter-body"
          label="Body (Markdown)"
          hint="Headings (#), **bold**, *italic*, lists and links. HTML is not allowed."
          required
          rows={10}
          maxLength={20000}
          value={markdown}
          onChange={(e) => setMarkdown(e.target.value)}
        />
        <ProductPicker value={products} onChange={setProducts} label="Featured products" kind="all" chosenLabel="Featured products, in order" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            Save draft
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void run(showPreview)}>
            Preview
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void run(sendTest)}>
            Send test to me
          </Button>
        </div>
      </form>
      <SendNewsletter busy={busy} save={save} onSent={onNew} />
      <NewsletterPreview preview={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}
