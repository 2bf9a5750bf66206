'use client';

import { useCombobox } from 'downshift';
import { useId, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { COMBOBOX_INPUT, type ComboboxOption } from './combobox-parts';
import { LISTBOX, NO_MATCH, OPTION, OPTION_ACTIVE } from './combobox-list';
import { Field } from './field';

// A search box that adds what is picked from its suggestions to a list the
// owner keeps (a product's tags, a bundle's products), then empties itself for
// the next one. The suggestions are the owner's: filtered locally, or
// searched on the server as the text changes. Downshift supplies the WAI-ARIA
// combobox behaviour, as for Combobox.

type DownshiftKeyEvent = KeyboardEvent<HTMLInputElement> & { nativeEvent: { preventDownshiftDefault?: boolean } };

export type AutocompleteProps = {
  id?: string;
  label: string;
  hint?: string;
  /** The accessible name of the suggestion list. */
  listLabel: string;
  placeholder?: string;
  /** The text in the box; the owner keeps it, so it can split a pasted list or search with it. */
  text: string;
  onTextChange: (text: string) => void;
  suggestions: readonly (ComboboxOption & { disabled?: boolean })[];
  onPick: (option: ComboboxOption) => void;
  /** Enter with no suggestion highlighted: the typed text itself (a new tag). Without it Enter does nothing. */
  onEnterText?: (text: string) => void;
  /** Focus left the box (not for its own list): e.g. keep a typed tag that was never confirmed. */
  onLeave?: (text: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Shown when the list is open and empty; nothing shows without it. */
  noMatches?: string;
  /** Beside the box, inside the field (an Add button). */
  addon?: ReactNode;
  type?: 'text' | 'search';
};

export function Autocomplete(props: AutocompleteProps) {
  const { label, hint, listLabel, placeholder, text, onTextChange, suggestions, onPick, onEnterText, onLeave, noMatches, addon, type = 'text' } = props;
  const generated = useId();
  const base = props.id ?? generated;
  const { ItemClick, InputKeyDownEnter, InputBlur, InputClick } = useCombobox.stateChangeTypes;

  const { isOpen, highlightedIndex, closeMenu, getInputProps, getMenuProps, getItemProps } = useCombobox<ComboboxOption & { disabled?: boolean }>({
    id: base,
    inputId: base,
    items: [...suggestions],
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => item?.value,
    isItemDisabled: (item) => item.disabled === true,
    selectedItem: null,
    // The text is the owner's, set from the input's own change event below: Downshift reports
    // changes from an effect, a render late, and a fast typist's keys would be lost in between.
    inputValue: text,
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      onPick(selectedItem);
      onTextChange('');
    },
    // The chosen item is the owner's (selectedItem stays null here): a pick leaves the box empty and
    // the list open for the next one; a click on the box opens the list rather than toggling it; and
    // leaving the box never picks the highlighted suggestion.
    stateReducer: (state, { type: change, changes }) => {
      if (change === ItemClick || change === InputKeyDownEnter) return { ...changes, inputValue: '', isOpen: true, highlightedIndex: -1 };
      if (change === InputClick) return { ...changes, isOpen: true };
      if (change === InputBlur) return { ...changes, selectedItem: null, inputValue: state.inputValue };
      return changes;
    },
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    props.onKeyDown?.(event);
    if (event.key === 'Enter' && onEnterText && (!isOpen || highlightedIndex < 0)) {
      event.preventDefault();
      (event as DownshiftKeyEvent).nativeEvent.preventDownshiftDefault = true;
      onEnterText(text);
    }
    if (event.key === 'Escape' && !isOpen) (event as DownshiftKeyEvent).nativeEvent.preventDownshiftDefault = true;
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    // Moving to the Add button, or clicking a suggestion, stays inside the picker.
    if (event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null)) return;
    // Closed now, not on the mouse-up Downshift waits for: a list that reopened under the
    // pointer (a kept tag refills the suggestions) would take the click meant for what is below it.
    closeMenu();
    onLeave?.(text);
  }

  const showList = isOpen && suggestions.length > 0;
  return (
    <Field id={base} labelId={`${base}-label`} label={label} hint={hint}>
      {(control) => (
        <div className="relative">
          <div className="flex gap-2">
            <input
              {...getInputProps({
                onKeyDown,
                onBlur,
                onChange: (e) => onTextChange(e.currentTarget.value),
                placeholder,
                'aria-describedby': control['aria-describedby'],
              })}
              type={type}
              autoComplete="off"
              className={COMBOBOX_INPUT.replace(' pr-9', '')}
            />
            {addon}
          </div>
          <ul {...getMenuProps({ 'aria-labelledby': undefined, 'aria-label': listLabel })} className={showList ? LISTBOX : 'hidden'}>
            {showList &&
              suggestions.map((item, index) => (
                <li key={item.value} {...getItemProps({ item, index })} className={`${OPTION} ${highlightedIndex === index ? OPTION_ACTIVE : ''}`}>
                  {item.label}
                </li>
              ))}
          </ul>
          {isOpen && suggestions.length === 0 && noMatches && (
            <p className={NO_MATCH} role="status">
              {noMatches}
            </p>
          )}
        </div>
      )}
    </Field>
  );
}
