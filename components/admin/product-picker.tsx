'use client';

import { useEffect, useState } from 'react';
import { Autocomplete } from '@/components/ui/autocomplete';
import { Button } from '@/components/ui/button';
import { ArrowDownIcon, ArrowUpIcon } from '@/components/ui/content-icons';
import { api } from './session';
import type { AdminProductResponse as AdminProduct } from '@/lib/contract/catalog';

export type PickedProduct = { id: string; title: string };

const RESULTS = 20;

type Props = {
  value: PickedProduct[];
  onChange: (next: PickedProduct[]) => void;
  label?: string;
  /** What the search offers: products only (a bundle's contents), or products and bundles (a discount code's scope). */
  kind?: 'product' | 'all';
  /** The accessible name of the chosen list. */
  chosenLabel?: string;
};

/**
 * A searchable, ordered product picker: the search runs on the server (any
 * catalogue size) as the admin types, bundles are offered only when `kind` is
 * 'all', and the chosen products keep the order the admin gives them.
 */
export function ProductPicker({ value, onChange, label = 'Products', kind = 'product', chosenLabel = 'Products in this bundle' }: Props) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AdminProduct[]>([]);

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(async () => {
      const search = query.trim() ? `&search=${encodeURIComponent(query.trim())}` : '';
      const result = await api.get<AdminProduct[]>(`/api/admin/products?kind=${kind}&limit=${RESULTS}${search}`);
      if (!stale && result.ok) setResults(result.body);
    }, 200);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query, kind]);

  const chosen = new Set(value.map((p) => p.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <Autocomplete
        label={label}
        listLabel={kind === 'all' ? 'Matching products and bundles' : 'Matching products'}
        type="search"
        placeholder={kind === 'all' ? 'Search products and bundles to add...' : 'Search products to add...'}
        text={query}
        onTextChange={setQuery}
        suggestions={results.map((p) => ({ value: p.id, label: p.title, disabled: chosen.has(p.id) }))}
        onPick={(picked) => !chosen.has(picked.value) && onChange([...value, { id: picked.value, title: picked.label }])}
        noMatches="No products found"
      />
      {value.length === 0 ? (
        <p className="text-sm text-gray-600">No products chosen yet.</p>
      ) : (
        <ol aria-label={chosenLabel} className="flex flex-col gap-1">
          {value.map((p, index) => (
            <li key={p.id} className="flex items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-1.5 text-sm">
              <span>
                {index + 1}. {p.title}
              </span>
              <span className="flex gap-1">
                <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${p.title} up`}>
                  <ArrowUpIcon className="h-3.5 w-3.5" />
                </Button>
                <Button variant="secondary" size="sm" disabled={index === value.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${p.title} down`}>
                  <ArrowDownIcon className="h-3.5 w-3.5" />
                </Button>
                <Button variant="danger" size="sm" onClick={() => onChange(value.filter((x) => x.id !== p.id))} aria-label={`Remove ${p.title}`}>
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
