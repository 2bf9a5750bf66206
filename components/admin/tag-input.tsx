'use client';

import { useCallback, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { button, chip, input } from './styles';
import type { TagResponse as Tag } from '@/lib/contract/catalog';
import { useOutsideClose } from './use-outside-close';

const MAX_SUGGESTIONS = 8;

/** Tag names as the server stores them: trimmed, lower-case, each once. */
function namesIn(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Tags picked from the shop's vocabulary with autocomplete; a word that is not
 * in it yet is added as typed (Enter or comma) and becomes part of it on save.
 * Text still in the box when the owner leaves it is added too, so a tag typed
 * and never confirmed is not silently dropped from the form (SPEC §5: tags are
 * comma-separated, so a pasted "a, b" adds both).
 */
export function TagInput({
  value,
  onChange,
  vocabulary,
  label = 'Tags',
  hint,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  vocabulary: Tag[];
  label?: string;
  hint?: string;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  useOutsideClose(box, open, close);

  const typed = text.trim().toLowerCase();
  const suggestions = vocabulary.filter((t) => !value.includes(t.name) && (!typed || t.name.includes(typed))).slice(0, MAX_SUGGESTIONS);
  const shown = open && suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  function add(names: string[]) {
    const next = [...value];
    for (const name of names) if (!next.includes(name)) next.push(name);
    if (next.length !== value.length) onChange(next);
    setText('');
    setActive(-1);
  }

  function onType(next: string) {
    setOpen(true);
    setActive(-1);
    // A comma ends a tag, whether typed or pasted; what follows the last one stays in the box.
    if (!next.includes(',')) return setText(next);
    const parts = next.split(',');
    add(namesIn(parts.slice(0, -1).join(',')));
    setText(parts[parts.length - 1].trimStart());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text box itself: moving past either end returns there, as in a native datalist.
      setActive((current) => {
        const next = current + step;
        if (next < -1) return suggestions.length - 1;
        return next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (shown && active >= 0 && active < suggestions.length) add([suggestions[active].name]);
      else add(namesIn(text));
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    // Moving to the Add button or a suggestion is still inside the picker.
    if (box.current?.contains(event.relatedTarget as Node | null)) return;
    if (typed) add(namesIn(text));
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
          aria-expanded={shown}
          aria-controls={`${id}-suggestions`}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          autoComplete="off"
          placeholder="Type a tag..."
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          className={input}
        />
        <button type="button" className={button.secondary} onClick={() => add(namesIn(text))} disabled={!typed}>
          Add
        </button>
        {shown && (
          <ul
            id={`${id}-suggestions`}
            role="listbox"
            aria-label="Tag suggestions"
            className="absolute top-full z-10 mt-1 max-h-48 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white shadow-lg"
          >
            {suggestions.map((t, index) => (
              <li key={t.id} id={optionId(index)} role="option" aria-selected={index === active}>
                <button
                  type="button"
                  tabIndex={-1}
                  // Keeps the focus in the box, so picking a suggestion never first adds the half-typed word.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => add([t.name])}
                  className={`w-full px-3 py-1.5 text-left text-sm hover:bg-rose-50 ${index === active ? 'bg-rose-100' : ''}`}
                >
                  {t.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}
