// The open list of Combobox and Autocomplete: under the control, above what follows it.
export const LISTBOX = 'absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg';
export const OPTION = 'cursor-pointer px-3 py-1.5 text-sm text-gray-900 aria-disabled:cursor-default aria-disabled:text-gray-500';
export const OPTION_ACTIVE = 'bg-brand-100';
export const NO_MATCH = 'absolute z-30 mt-1 w-full rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm text-gray-700 shadow-lg';
