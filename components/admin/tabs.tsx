'use client';

import { useRef, type KeyboardEvent } from 'react';

type Props<T extends string> = { tabs: readonly T[]; active: T; onChange: (tab: T) => void; idPrefix: string };

export const tabId = (prefix: string, tab: string) => `${prefix}-tab-${tab.toLowerCase().replace(/\s+/g, '-')}`;
export const panelId = (prefix: string, tab: string) => `${prefix}-panel-${tab.toLowerCase().replace(/\s+/g, '-')}`;

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is in the tab order. */
export function TabList<T extends string>({ tabs, active, onChange, idPrefix }: Props<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next]);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label="Dashboard sections" className="flex flex-wrap gap-1 border-b border-gray-200">
      {tabs.map((tab, i) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab)}
            aria-selected={selected}
            aria-controls={selected ? panelId(idPrefix, tab) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`-mb-px rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold ${
              selected ? 'border-rose-700 text-rose-800' : 'border-transparent text-gray-700 hover:bg-gray-100'
            }`}
          >
            {tab}
          </button>
        );
      })}
    </div>
  );
}
