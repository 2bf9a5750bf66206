import type { HTMLAttributes, ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

// Markup shared by Combobox, Autocomplete and the stand-in LazyCombobox shows
// until the real one has loaded: no library code here, so the stand-in stays
// tiny and looks exactly like what replaces it.

export type ComboboxOption = { value: string; label: string };

/** Options given as plain names (categories, subcategories) or as value/label pairs. */
export function toOptions(options: readonly (string | ComboboxOption)[]): ComboboxOption[] {
  return options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
}

/** Case-insensitive "contains": what the visitor types narrows the list as they type. */
export function matching<T>(items: readonly T[], text: string, label: (item: T) => string): T[] {
  const needle = text.trim().toLowerCase();
  return needle ? items.filter((item) => label(item).toLowerCase().includes(needle)) : [...items];
}

export const COMBOBOX_INPUT = 'control pr-9';
export const TOGGLE = 'absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-lg text-gray-700 disabled:text-gray-400';

export function Chevron() {
  return <ChevronDownIcon className="h-4 w-4" />;
}

/** Label, control and hint in the kit's field layout, with the list positioned under the control. */
export function ComboboxFrame({
  label,
  labelProps,
  hint,
  hintId,
  hideLabel,
  children,
}: {
  label: ReactNode;
  labelProps: HTMLAttributes<HTMLLabelElement> & { htmlFor?: string };
  hint?: ReactNode;
  hintId?: string;
  hideLabel?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label {...labelProps} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-gray-800'}>
        {label}
      </label>
      <div className="relative">{children}</div>
      {hint && (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export const LISTBOX = 'absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg';
export const OPTION = 'cursor-pointer px-3 py-1.5 text-sm text-gray-900 aria-disabled:cursor-default aria-disabled:text-gray-500';
export const OPTION_ACTIVE = 'bg-brand-100';
export const NO_MATCH = 'absolute z-30 mt-1 w-full rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm text-gray-700 shadow-lg';
