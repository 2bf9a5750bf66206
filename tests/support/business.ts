// A GST-registered seller's business details (a real ABN by its check digits),
// and dates as the shop prints them on invoices and adjustment notes.
export const REGISTERED_BUSINESS = {
  name: 'Pixel Press Studio Pty Ltd',
  abn: '51 824 753 556',
  address: '1 George St\nSydney NSW 2000',
  email: 'accounts@example.com',
  gstRegistered: true,
};

export const auDate = (date: Date) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
