// The ABR's published check: subtract 1 from the first digit, weight the
// eleven digits, and a real ABN's weighted sum is divisible by 89.
const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** Digits only, so "51 824 753 556" and "51824753556" are the same ABN. */
export const normalizeAbn = (abn: string) => abn.replace(/\s+/g, '');

export function isValidAbn(abn: string): boolean {
  const digits = normalizeAbn(abn);
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, ch, i) => total + (Number(ch) - (i === 0 ? 1 : 0)) * WEIGHTS[i], 0);
  return sum % 89 === 0;
}

/** "51824753556" → "51 824 753 556", the way the ABR prints it. */
export const formatAbn = (abn: string) => normalizeAbn(abn).replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');
