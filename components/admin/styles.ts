// Class lists shared by the back office, matching the shop's rose accent.
export const button = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-rose-700 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-800 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100 disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60',
  small: 'rounded-md border border-gray-300 bg-white px-2.5 py-1 text-xs font-semibold text-gray-800 hover:bg-gray-100 disabled:opacity-60',
  smallDanger: 'rounded-md border border-red-300 bg-white px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60',
};

export const input =
  'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-rose-700 focus:outline-none focus:ring-2 focus:ring-rose-200 disabled:bg-gray-100 disabled:text-gray-500';

export const card = 'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm';

export const chip = 'inline-flex items-center gap-1 rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800';
