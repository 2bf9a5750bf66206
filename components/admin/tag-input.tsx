'use client';

import { useState, type KeyboardEvent } from 'react';
import { Autocomplete } from '@/components/ui/autocomplete';
import { Chip } from '@/components/ui/chip';
import { Button } from '@/components/ui/button';
import type { TagResponse as Tag } from '@/lib/contract/catalog';

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
  const typed = text.trim().toLowerCase();
  const suggestions = vocabulary
    .filter((t) => !value.includes(t.name) && (!typed || t.name.includes(typed)))
    .slice(0, MAX_SUGGESTIONS)
    .map((t) => ({ value: t.name, label: t.name }));

  function add(names: string[]) {
    const next = [...value];
    for (const name of names) if (!next.includes(name)) next.push(name);
    if (next.length !== value.length) onChange(next);
    setText('');
  }

  function onType(next: string) {
    // A comma ends a tag, whether typed or pasted; what follows the last one stays in the box.
    if (!next.includes(',')) return setText(next);
    const parts = next.split(',');
    add(namesIn(parts.slice(0, -1).join(',')));
    setText(parts[parts.length - 1].trimStart());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !text && value.length > 0) onChange(value.slice(0, -1));
  }

  return (
    <div className="flex flex-col gap-2">
      <Autocomplete
        label={label}
        hint={hint}
        listLabel="Tag suggestions"
        placeholder="Type a tag..."
        text={text}
        onTextChange={onType}
        suggestions={suggestions}
        onPick={(tag) => add([tag.value])}
        onEnterText={(entered) => add(namesIn(entered))}
        onLeave={(left) => left.trim() && add(namesIn(left))}
        onKeyDown={onKeyDown}
        addon={
          <Button variant="secondary" onClick={() => add(namesIn(text))} disabled={!typed}>
            Add
          </Button>
        }
      />
      {value.length > 0 && (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-1">
          {value.map((tag) => (
            <li key={tag}>
              <Chip onRemove={() => onChange(value.filter((t) => t !== tag))} removeLabel={`Remove tag ${tag}`}>
                {tag}
              </Chip>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
