'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { api } from './session';
import { button, input } from './styles';
import type { AdminProductResponse as AdminProduct } from '@/lib/contract/catalog';
import { useOutsideClose } from './use-outside-close';

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
 * catalogue size), bundles are offered only when `kind` is 'all', the chosen
 * products keep the order the admin gives them, and the result list closes on
 * an outside click.
 */
export function ProductPicker({ value, onChange, label = 'Products', kind = 'product', chosenLabel = 'Products in this bundle' }: Props) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AdminProduct[]>([]);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useOutsideClose(box, open, close);

  useEffect(() => {
    if (!open) return;
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
  }, [query, open, kind]);

  const chosen = new Set(value.map((p) => p.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-search`} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div ref={box} className="relative">
        <input
          id={`${id}-search`}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-results`}
          autoComplete="off"
          placeholder="Search products to add..."
          value={query}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          className={input}
        />
        {open && (
          <ul
            id={`${id}-results`}
            role="listbox"
            aria-label="Matching products"
            className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white shadow-lg"
          >
            {results.length === 0 ? (
              <li className="px-3 py-2 text-sm text-gray-600">No products found</li>
            ) : (
              results.map((p) => (
                <li key={p.id} role="option" aria-selected={chosen.has(p.id)}>
                  <button
                    type="button"
                    disabled={chosen.has(p.id)}
                    onClick={() => onChange([...value, { id: p.id, title: p.title }])}
                    className="w-full px-3 py-2 text-left text-sm hover:bg-rose-50 disabled:text-gray-400"
                  >
                    {p.title}
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
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
                <button type="button" className={button.small} disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${p.title} up`}>
                  ↑
                </button>
                <button
                  type="button"
                  className={button.small}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${p.title} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={button.smallDanger}
                  onClick={() => onChange(value.filter((x) => x.id !== p.id))}
                  aria-label={`Remove ${p.title}`}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
