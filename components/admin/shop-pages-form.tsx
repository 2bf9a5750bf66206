'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { ShopPageDto } from '@/lib/contract/shop-identity';
import { SHOP_PAGES, type ShopPageSlug } from '@/lib/shop-pages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextareaField } from '@/components/ui/form-controls';
import { api, toastFailure } from './session';
import { adminPaths, useAdminData } from './use-admin-data';

/**
 * Settings → Pages: the shop's own pages in Markdown, one at a time. Licence
 * terms are not edited here: each tier's terms have their own versioned page
 * (Settings → Licence tiers), which the footer links to.
 */
export function ShopPagesForm() {
  const [slug, setSlug] = useState<ShopPageSlug>('about');
  const { data, mutate } = useAdminData<ShopPageDto>(adminPaths.shopPage(slug), 'Failed to fetch settings');
  // Edits of the page on screen; cleared when another page is chosen.
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const markdown = draft ?? (data?.slug === slug ? data.markdown : '');

  async function save() {
    setBusy(true);
    const result = await api.put<ShopPageDto>(adminPaths.shopPage(slug), { markdown });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to save settings');
    await mutate(result.body, { revalidate: false });
    setDraft(null);
    toast.success('Page saved');
  }

  return (
    <Card as="section" className="flex max-w-3xl flex-col gap-4" aria-labelledby="shop-pages-title">
      <h2 id="shop-pages-title" className="text-lg font-bold">
        Pages
      </h2>
      <SelectField
        id="shop-page-choice"
        label="Page"
        value={slug}
        onChange={(e) => {
          setSlug(e.target.value as ShopPageSlug);
          setDraft(null);
        }}
      >
        {SHOP_PAGES.map((p) => (
          <option key={p.slug} value={p.slug}>
            {p.title}
          </option>
        ))}
      </SelectField>
      <TextareaField
        id="shop-page-markdown"
        label="Text (Markdown)"
        hint="Headings with ##, lists with -, links as [text](https://...). HTML is not allowed and is shown as text."
        rows={14}
        maxLength={20_000}
        value={markdown}
        onChange={(e) => setDraft(e.target.value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void save()} disabled={busy || !markdown.trim()}>
          {busy ? 'Saving...' : 'Save Page'}
        </Button>
        {data?.slug === slug && (
          <a href={data.path} target="_blank" rel="noopener" className="text-sm text-accent-800 underline">
            View {data.title} page
          </a>
        )}
        {data?.slug === slug && !data.customised && <span className="text-sm text-gray-600">Showing the built-in text</span>}
      </div>
      <p className="text-sm text-gray-600">Licence terms have their own pages, edited with each licence tier below.</p>
    </Card>
  );
}
