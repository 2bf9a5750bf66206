import { ChevronDownIcon } from './icons';

// What Combobox and the stand-in LazyCombobox shows until the real one has
// loaded have in common: no library code here, so the stand-in stays tiny and
// looks exactly like what replaces it. The open list's look is in
// combobox-list.ts, which the stand-in never needs.

export type ComboboxOption = { value: string; label: string };

/** Options given as plain names (categories, subcategories) or as value/label pairs. */
export function toOptions(options: readonly (string | ComboboxOption)[]): ComboboxOption[] {
  return options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
}

export const COMBOBOX_INPUT = 'control pr-9';
export const TOGGLE = 'absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-lg text-gray-700 disabled:text-gray-400';

export function Chevron() {
  return <ChevronDownIcon className="h-4 w-4" />;
}
