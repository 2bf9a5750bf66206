'use client';

import { useRef, type KeyboardEvent, type ReactNode } from 'react';

// WAI-ARIA tabs (the "automatic activation" pattern): arrow keys, Home and End
// move between tabs and select them; only the selected tab is in the tab order.
// The owner keeps which tab is selected (state, or the address).

const slug = (tab: string) => tab.toLowerCase().replace(/\s+/g, '-');
export const tabId = (prefix: string, tab: string) => `${prefix}-tab-${slug(tab)}`;
export const panelId = (prefix: string, tab: string) => `${prefix}-panel-${slug(tab)}`;

type ListProps<T extends string> = {
  label: string;
  tabs: readonly T[];
  active: T;
  onChange: (tab: T) => void;
  idPrefix: string;
  /** 'underline' for a page's sections, 'pill' for a small switch inside a card. */
  look?: 'underline' | 'pill';
};

const LOOKS = {
  underline: {
    list: 'flex flex-wrap gap-1 border-b border-gray-200',
    tab: '-mb-px rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold',
    selected: 'border-brand-700 text-brand-800',
    idle: 'border-transparent text-gray-700 hover:bg-gray-100',
  },
  pill: {
    list: 'grid auto-cols-fr grid-flow-col rounded-xl bg-gray-100 p-1',
    tab: 'rounded-lg px-4 py-2 font-semibold',
    selected: 'bg-white text-brand-700 shadow-sm',
    idle: 'text-gray-700 hover:text-gray-900',
  },
};

export function TabList<T extends string>({ label, tabs, active, onChange, idPrefix, look = 'underline' }: ListProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const style = LOOKS[look];

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next]);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={style.list}>
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
            className={`${style.tab} ${selected ? style.selected : style.idle}`}
          >
            {tab}
          </button>
        );
      })}
    </div>
  );
}

/** The selected tab's panel; focusable, so the keyboard reaches panels that start with text. */
export function TabPanel({ idPrefix, tab, className, children }: { idPrefix: string; tab: string; className?: string; children: ReactNode }) {
  return (
    <section role="tabpanel" id={panelId(idPrefix, tab)} aria-labelledby={tabId(idPrefix, tab)} tabIndex={0} className={className}>
      {children}
    </section>
  );
}
