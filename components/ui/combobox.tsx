'use client';

import { useCombobox } from 'downshift';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Chevron, COMBOBOX_INPUT, toOptions, TOGGLE, type ComboboxOption } from './combobox-parts';
import { LISTBOX, NO_MATCH, OPTION, OPTION_ACTIVE } from './combobox-list';
import { Field } from './field';

// A searchable dropdown (SPEC §4): pick one value from a list by typing part
// of it or with the arrow keys. Downshift supplies the WAI-ARIA combobox
// behaviour (roles, active option, Enter, Escape, outside click and blur
// closing the list); this file supplies the look and the filtering.

/** Case-insensitive "contains": what the visitor types narrows the list as they type. */
function matching<T>(items: readonly T[], text: string, label: (item: T) => string): T[] {
  const needle = text.trim().toLowerCase();
  return needle ? items.filter((item) => label(item).toLowerCase().includes(needle)) : [...items];
}

export type ComboboxProps = {
  id?: string;
  label: string;
  hint?: string;
  hideLabel?: boolean;
} & Omit<ComboboxControlProps, 'id' | 'label' | 'describedBy'>;

/** The control without its label: for a label the server already drew (Field with `labelId` = `${id}-label`). */
export type ComboboxControlProps = {
  id: string;
  /** Names the toggle button ("Show Category options"). */
  label: string;
  describedBy?: string;
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

/** A labelled searchable dropdown: Field around ComboboxControl. */
export function Combobox({ id, label, hint, hideLabel, ...control }: ComboboxProps) {
  const generated = useId();
  const base = id ?? generated;
  return (
    <Field id={base} labelId={`${base}-label`} label={label} hint={hint} hideLabel={hideLabel}>
      {(props) => <ComboboxControl id={base} label={label} describedBy={props['aria-describedby']} {...control} />}
    </Field>
  );
}

export function ComboboxControl({
  id,
  label,
  describedBy,
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
}: ComboboxControlProps) {
  const all = useMemo(() => [...(emptyOption === undefined ? [] : [{ value: '', label: emptyOption }]), ...toOptions(options)], [options, emptyOption]);
  const selected = all.find((o) => o.value === value) ?? null;
  // What the visitor typed since the list opened (set in the input's own change event, not from
  // Downshift's report of it, which comes an effect later); the whole list shows until they type.
  const [filter, setFilter] = useState(initialInputValue ?? '');
  const items = useMemo(() => matching(all, filter, (o) => o.label), [all, filter]);

  const { isOpen, highlightedIndex, getInputProps, getToggleButtonProps, getMenuProps, getItemProps } = useCombobox<ComboboxOption>({
    id,
    inputId: id,
    labelId: `${id}-label`,
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
    <div className="relative">
      <input
        {...getInputProps({
          onKeyDown,
          onChange: (e) => setFilter(e.currentTarget.value),
          disabled,
          required,
          placeholder,
          autoFocus,
          'aria-describedby': describedBy,
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
    </div>
  );
}
