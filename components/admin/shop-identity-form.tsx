'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { ShopIdentityDto } from '@/lib/contract/shop-identity';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/form-controls';
import { ImageReplace } from './image-replace';
import { api, toastFailure } from './session';
import { adminPaths, useAdminData } from './use-admin-data';

type TextFields = Pick<ShopIdentityDto, 'name' | 'hero_headline' | 'hero_text' | 'social_handle' | 'contact_email' | 'footer_line'>;

const textOf = (d: ShopIdentityDto): TextFields => ({
  name: d.name,
  hero_headline: d.hero_headline,
  hero_text: d.hero_text,
  social_handle: d.social_handle,
  contact_email: d.contact_email,
  footer_line: d.footer_line,
});

/** Settings → Shop: what the shop calls itself everywhere (storefront, emails, invoices, certificates). */
export function ShopIdentityForm() {
  const { data, mutate } = useAdminData<ShopIdentityDto>(adminPaths.shop, 'Failed to fetch settings');
  // Edits over the loaded identity; null shows it as saved.
  const [draft, setDraft] = useState<TextFields | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = draft ?? (data ? textOf(data) : null);
  const edit = (change: Partial<TextFields>) => fields && setDraft({ ...fields, ...change });

  async function save() {
    if (!fields) return;
    setBusy(true);
    const result = await api.put<ShopIdentityDto>(adminPaths.shop, fields);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to save settings');
    await mutate(result.body, { revalidate: false });
    setDraft(null);
    toast.success('Shop settings saved');
  }

  async function removeImage(kind: 'logo' | 'hero') {
    const result = await api.del<ShopIdentityDto>(`${adminPaths.shop}/images/${kind}`);
    if (!result.ok) return toastFailure(result.error, 'Update failed');
    await mutate(result.body, { revalidate: false });
    toast.success('Image removed');
  }

  return (
    <Card as="section" className="flex max-w-3xl flex-col gap-4" aria-labelledby="shop-settings-title">
      <h2 id="shop-settings-title" className="text-lg font-bold">
        Shop
      </h2>
      <p className="text-sm text-gray-600">Shown on every page at once, and used as the sender of every email and on new invoices and certificates.</p>
      {fields && (
        <>
          <TextField id="shop-name" label="Shop name" value={fields.name} maxLength={80} required onChange={(e) => edit({ name: e.target.value })} />
          <TextField
            id="shop-hero-headline"
            label="Hero headline"
            value={fields.hero_headline}
            maxLength={120}
            required
            onChange={(e) => edit({ hero_headline: e.target.value })}
          />
          <TextareaField
            id="shop-hero-text"
            label="Hero text"
            rows={2}
            value={fields.hero_text}
            maxLength={300}
            onChange={(e) => edit({ hero_text: e.target.value })}
          />
          <TextField
            id="shop-social-handle"
            label="Social handle"
            hint="Named in the default announcement banner, e.g. @yourshop"
            value={fields.social_handle}
            maxLength={31}
            onChange={(e) => edit({ social_handle: e.target.value })}
          />
          <TextField
            id="shop-contact-email"
            label="Contact email"
            hint="Shown on the Contact page"
            type="email"
            value={fields.contact_email}
            maxLength={254}
            onChange={(e) => edit({ contact_email: e.target.value })}
          />
          <TextField
            id="shop-footer-line"
            label="Footer line"
            hint="After the copyright line at the foot of every page"
            value={fields.footer_line}
            maxLength={200}
            onChange={(e) => edit({ footer_line: e.target.value })}
          />
          <div>
            <Button onClick={() => void save()} disabled={busy}>
              {busy ? 'Saving...' : 'Save Shop Settings'}
            </Button>
          </div>
        </>
      )}
      {data && (
        <div className="grid gap-4 border-t border-gray-200 pt-4 sm:grid-cols-2">
          <ShopImage title="Logo" url={data.logo_url} onRemove={() => void removeImage('logo')}>
            <ImageReplace endpoint={`${adminPaths.shop}/images/logo`} label="Logo image" onChanged={async () => void (await mutate())} />
          </ShopImage>
          <ShopImage title="Hero image" url={data.hero_image_url} onRemove={() => void removeImage('hero')}>
            <ImageReplace endpoint={`${adminPaths.shop}/images/hero`} label="Hero image file" onChanged={async () => void (await mutate())} />
          </ShopImage>
        </div>
      )}
    </Card>
  );
}

function ShopImage({ title, url, onRemove, children }: { title: string; url: string | null; onRemove: () => void; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-gray-800">{title}</h3>
      {url ? (
        // eslint-disable-next-line @next/next/no-img-element -- sized at upload, not by the runtime optimiser (Decision 3)
        <img src={url} alt={`Current ${title.toLowerCase()}`} className="max-h-24 w-auto self-start rounded border border-gray-200" />
      ) : (
        <p className="text-sm text-gray-600">None: the shop shows {title === 'Logo' ? 'its name' : 'its newest products'}.</p>
      )}
      {children}
      {url && (
        <Button variant="secondary" className="self-start" onClick={onRemove}>
          Remove {title.toLowerCase()}
        </Button>
      )}
    </div>
  );
}
