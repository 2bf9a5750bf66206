'use client';

import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { button, chip, input } from './styles';
import type { TagResponse as Tag } from '@/lib/contract/catalog';
import { useOutsideClose } from './use-outside-close';

/**
 * Tags picked from the shop's vocabulary with autocomplete; a word that is not
 * in it yet is added as typed (Enter or comma) and becomes part of it on save.
 */
export function TagInput({
  value,
  onChange,
  vocabulary,
  label = 'Tags',
}: {
  value: string[];
  onChange: (next: string[]) => void;
  vocabulary: Tag[];
  label?: string;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  useOutsideClose(box, open, close);

  const typed = text.trim().toLowerCase();
  const suggestions = vocabulary.filter((t) => !value.includes(t.name) && (!typed || t.name.includes(typed))).slice(0, 8);

  function add(name: string) {
    const tag = name.trim().toLowerCase();
    if (tag && !value.includes(tag)) onChange([...value, tag]);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {value.length > 0 && (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-1">
          {value.map((tag) => (
            <li key={tag} className={chip}>
              {tag}
              <button
                type="button"
                className="text-gray-600 hover:text-red-700"
                onClick={() => onChange(value.filter((t) => t !== tag))}
                aria-label={`Remove tag ${tag}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div ref={box} className="relative flex gap-2">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-suggestions`}
          autoComplete="off"
          placeholder="Type a tag..."
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          className={input}
        />
        <button type="button" className={button.secondary} onClick={() => add(text)} disabled={!typed}>
          Add
        </button>
        {open && suggestions.length > 0 && (
          <ul
            id={`${id}-suggestions`}
            role="listbox"
            aria-label="Tag suggestions"
            className="absolute top-full z-10 mt-1 max-h-48 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white shadow-lg"
          >
            {suggestions.map((t) => (
              <li key={t.id} role="option" aria-selected={false}>
                <button type="button" onClick={() => add(t.name)} className="w-full px-3 py-1.5 text-left text-sm hover:bg-rose-50">
                  {t.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
