'use client';

import { useCombobox } from 'downshift';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import {
  Chevron,
  COMBOBOX_INPUT,
  ComboboxFrame,
  LISTBOX,
  matching,
  NO_MATCH,
  OPTION,
  OPTION_ACTIVE,
  toOptions,
  TOGGLE,
  type ComboboxOption,
} from './combobox-parts';

// A searchable dropdown (SPEC §4): pick one value from a list by typing part
// of it or with the arrow keys. Downshift supplies the WAI-ARIA combobox
// behaviour (roles, active option, Enter, Escape, outside click and blur
// closing the list); this file supplies the look and the filtering.

export type ComboboxProps = {
  id?: string;
  label: string;
  hint?: string;
  hideLabel?: boolean;
  options: readonly (string | ComboboxOption)[];
  /** The chosen value; '' is the empty choice. */
  value: string;
  onChange: (value: string) => void;
  /** Offered first, meaning "none" (value ''): 'All Categories', 'No subcategory'. */
  emptyOption?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** A hidden input of this name carries the value in a plain form submission. */
  name?: string;
  noMatches?: string;
  autoFocus?: boolean;
  /** Opens at once (the visitor clicked the stand-in of a lazily loaded one). */
  initialOpen?: boolean;
  initialInputValue?: string;
};

export function Combobox({
  id,
  label,
  hint,
  hideLabel,
  options,
  value,
  onChange,
  emptyOption,
  placeholder,
  disabled,
  required,
  name,
  noMatches = 'No matches',
  autoFocus,
  initialOpen,
  initialInputValue,
}: ComboboxProps) {
  const generated = useId();
  const base = id ?? generated;
  const all = useMemo(() => [...(emptyOption === undefined ? [] : [{ value: '', label: emptyOption }]), ...toOptions(options)], [options, emptyOption]);
  const selected = all.find((o) => o.value === value) ?? null;
  // What the visitor typed since the list opened (set in the input's own change event, not from
  // Downshift's report of it, which comes an effect later); the whole list shows until they type.
  const [filter, setFilter] = useState(initialInputValue ?? '');
  const items = useMemo(() => matching(all, filter, (o) => o.label), [all, filter]);
  const hintId = hint ? `${base}-hint` : undefined;

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getToggleButtonProps, getMenuProps, getItemProps } = useCombobox<ComboboxOption>({
    id: base,
    inputId: base,
    items,
    itemToString: (item) => item?.label ?? '',
    itemToKey: (item) => item?.value,
    selectedItem: selected,
    initialIsOpen: initialOpen,
    initialInputValue: initialInputValue ?? selected?.label ?? '',
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem && selectedItem.value !== value) onChange(selectedItem.value);
    },
    onIsOpenChange: ({ isOpen: open }) => {
      if (!open) setFilter('');
    },
    // Leaving or escaping the list puts the chosen label back in the box: a half-typed filter never stands for a value.
    stateReducer: (state, { type, changes }) => {
      const { InputBlur, InputKeyDownEscape } = useCombobox.stateChangeTypes;
      if (type === InputKeyDownEscape) return { ...changes, selectedItem: state.selectedItem, inputValue: state.selectedItem?.label ?? '' };
      if (type === InputBlur) return { ...changes, inputValue: (changes.selectedItem ?? state.selectedItem)?.label ?? '' };
      return changes;
    },
  });

  // Escape on a closed list is the surrounding dialog's to handle.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && !isOpen)
      (event.nativeEvent as KeyboardEvent['nativeEvent'] & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
  };

  const showList = isOpen && items.length > 0;
  return (
    <ComboboxFrame label={label} labelProps={getLabelProps()} hint={hint} hintId={hintId} hideLabel={hideLabel}>
      <input
        {...getInputProps({
          onKeyDown,
          onChange: (e) => setFilter(e.currentTarget.value),
          disabled,
          required,
          placeholder,
          autoFocus,
          'aria-describedby': hintId,
        })}
        autoComplete="off"
        className={COMBOBOX_INPUT}
      />
      <button {...getToggleButtonProps({ disabled })} type="button" aria-label={`Show ${label} options`} className={TOGGLE}>
        <Chevron />
      </button>
      {name && <input type="hidden" name={name} value={value} />}
      <ul {...getMenuProps()} className={showList ? LISTBOX : 'hidden'}>
        {showList &&
          items.map((item, index) => (
            <li key={item.value} {...getItemProps({ item, index })} className={`${OPTION} ${highlightedIndex === index ? OPTION_ACTIVE : ''}`}>
              {item.label}
            </li>
          ))}
      </ul>
      {isOpen && items.length === 0 && (
        <p className={NO_MATCH} role="status">
          {noMatches}
        </p>
      )}
    </ComboboxFrame>
  );
}
