'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useLoginRedirect } from '@/components/account/use-login-redirect';
import { readStoredUser } from '@/components/account/use-user';
import { api } from '@/components/data/api';
import { Card, LoadingPanel } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/form-controls';
import type { EmailPreferencesResponse } from '@/lib/contract/marketing';

const LOGIN_MESSAGE = 'Please login to change your email preferences';

/** Each kind of marketing email, as the customer sees it (docs/product.md §2 My Orders). */
const CHOICES: { key: keyof EmailPreferencesResponse; label: string; hint: string }[] = [
  { key: 'newsletter', label: 'New designs and offers', hint: 'Our newsletter: new products, sales and free downloads.' },
  { key: 'wishlist_alerts', label: 'Wishlist sale alerts', hint: 'When something you saved goes on sale.' },
  { key: 'review_requests', label: 'Review requests', hint: 'A week after a purchase, asking how it went.' },
];

/** GET and PUT /api/account/email-preferences: each box applies at once. */
export function EmailPreferencesView() {
  const toLogin = useLoginRedirect();
  const [prefs, setPrefs] = useState<EmailPreferencesResponse | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!readStoredUser()) return toLogin(LOGIN_MESSAGE);
    let cancelled = false;
    void api.get<EmailPreferencesResponse>('/api/account/email-preferences').then((result) => {
      if (cancelled) return;
      if (!result.ok && result.error.status === 401) return toLogin(LOGIN_MESSAGE);
      if (!result.ok) return void toast.error('Failed to load your email preferences');
      setPrefs(result.body);
    });
    return () => {
      cancelled = true;
    };
  }, [toLogin]);

  async function change(key: keyof EmailPreferencesResponse, on: boolean) {
    const before = prefs;
    // The box shows the choice at once; a refusal puts it back.
    setPrefs((current) => (current ? { ...current, [key]: on } : current));
    setSaving(true);
    const result = await api.put<EmailPreferencesResponse>('/api/account/email-preferences', { [key]: on });
    setSaving(false);
    if (!result.ok) {
      setPrefs(before);
      return void toast.error(result.error.detail ?? 'Failed to save your email preferences');
    }
    setPrefs(result.body);
    toast.success('Email preferences saved');
  }

  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight">Email preferences</h1>
      <p className="mt-2 text-gray-700">Choose the emails you want. Emails about your orders, receipts, refunds, licences and password always arrive.</p>
      {!prefs ? (
        <LoadingPanel label="Loading your email preferences..." />
      ) : (
        <Card className="mt-6 flex flex-col gap-5">
          {CHOICES.map((choice) => (
            <div key={choice.key}>
              <CheckboxField
                id={`pref-${choice.key}`}
                label={choice.label}
                checked={prefs[choice.key]}
                disabled={saving}
                aria-describedby={`pref-${choice.key}-hint`}
                onChange={(e) => void change(choice.key, e.target.checked)}
              />
              <p id={`pref-${choice.key}-hint`} className="ml-6 text-sm text-gray-700">
                {choice.hint}
              </p>
            </div>
          ))}
        </Card>
      )}
      <p className="mt-6 text-sm">
        <Link href="/my-orders" className="text-brand-700 underline">
          Back to My Orders
        </Link>
      </p>
    </>
  );
}
