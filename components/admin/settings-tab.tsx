'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { splitBanner } from '@/lib/banner';
import type { Permission } from '@/lib/staff-permissions';
import { BundleCreditSettings } from './bundle-credit-settings';
import { BusinessDetailsForm } from './business-details-form';
import { LicencesSettings } from './licences-settings';
import { api, toastFailure } from './session';
import { TextareaField } from '@/components/ui/form-controls';
import { PromoCodesSection } from './promo-codes-section';
import { ShopIdentityForm } from './shop-identity-form';
import { ShopPagesForm } from './shop-pages-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminPaths, useAdminData } from './use-admin-data';

/** Each section by its own permission: the banner and shop pages (storefront), the shop's identity, business details, licence tiers and bundle credit (business), membership promo codes (vouchers). */
export function SettingsTab({ permissions }: { permissions: readonly Permission[] }) {
  return (
    <div className="flex flex-col gap-6">
      {permissions.includes('settings.storefront') && <BannerSettings />}
      {permissions.includes('settings.business') && <ShopIdentityForm />}
      {permissions.includes('settings.storefront') && <ShopPagesForm />}
      {permissions.includes('settings.business') && <BusinessDetailsForm />}
      {permissions.includes('settings.business') && <LicencesSettings />}
      {permissions.includes('settings.business') && <BundleCreditSettings />}
      {permissions.includes('vouchers') && <PromoCodesSection />}
    </div>
  );
}

function BannerSettings() {
  const { data, mutate } = useAdminData<{ message: string }>(adminPaths.banner, 'Failed to fetch settings');
  // The text being edited; null shows the saved banner as loaded.
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const message = draft ?? data?.message ?? '';
  const preview = splitBanner(message);

  function loadCurrent() {
    setDraft(null);
    void mutate();
  }

  async function save() {
    setBusy(true);
    const result = await api.form<{ message: string }>('/api/settings/banner', { message });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to save settings');
    await mutate(result.body, { revalidate: false });
    setDraft(null);
    toast.success('Banner updated');
  }

  return (
    <Card as="section" className="flex max-w-3xl flex-col gap-4" aria-labelledby="banner-settings-title">
      <h2 id="banner-settings-title" className="text-lg font-bold">
        Banner Settings
      </h2>
      <TextareaField
        id="banner-message"
        label="Banner message"
        hint="Separate sections with two spaces. The banner is shown in upper case."
        rows={3}
        value={message}
        // Saved in upper case (docs/product.md §5): show it that way as it is typed, not only after saving.
        onChange={(e) => setDraft(e.target.value.toUpperCase())}
      />
      <div className="flex gap-2">
        <Button variant="secondary" onClick={loadCurrent}>
          Load Current
        </Button>
        <Button onClick={() => void save()} disabled={busy || preview.length === 0}>
          {busy ? 'Saving...' : 'Save Banner'}
        </Button>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-gray-800">Preview</h3>
        <ul
          className="mt-2 flex flex-wrap gap-x-10 gap-y-1 rounded-lg bg-gray-900 px-4 py-2 text-xs font-semibold tracking-widest text-white"
          aria-label="Banner preview"
          data-testid="banner-preview"
        >
          {preview.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
