// Verification shows who holds a licence without telling a stranger who they
// are: initials only, never the name or the email (Decision 082).

/** "Jane mary Doe" → "J. M. D."; at most four initials; no letters at all → "—". */
export function maskHolder(name: string): string {
  const initials = name
    .split(/[\s@._-]+/u)
    .map((word) => /\p{L}/u.exec(word)?.[0])
    .filter((letter): letter is string => Boolean(letter))
    .slice(0, 4)
    .map((letter) => `${letter.toLocaleUpperCase('en-AU')}.`);
  return initials.length > 0 ? initials.join(' ') : '—';
}
