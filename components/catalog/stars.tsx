/**
 * A rating as five stars, filled to the tenth (styles: .stars in app/globals.css).
 * Standalone and markup-light, so cards can carry it; the UI kit's Stars can
 * replace it behind the same props.
 */
export function Stars({ value, className = '', label }: { value: number; className?: string; label?: string }) {
  const filled = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={`stars ${className}`} role="img" aria-label={label ?? `Rated ${value} out of 5`}>
      <span style={{ width: `${filled}%` }} />
    </span>
  );
}

/** "1 review", "12 reviews". */
export const reviewCount = (count: number) => `${count} review${count === 1 ? '' : 's'}`;
