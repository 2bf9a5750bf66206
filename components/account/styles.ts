// Shared class lists so every account page matches the shop's look.
export const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-rose-700 px-6 py-3 font-semibold text-white hover:bg-rose-800 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-gray-300 px-6 py-3 font-semibold text-gray-900 hover:bg-gray-100 disabled:opacity-70';
export const textLink = 'font-semibold text-rose-700 hover:text-rose-800 hover:underline';
