import { StarIcon } from './content-icons';

// Star ratings for reviews: Stars shows one, StarRatingInput asks for one.

const MAX = 5;
const range = Array.from({ length: MAX }, (_, i) => i + 1);

/** A rating of 0–5 (halves and tenths shown as a partly filled star), read out as "Rated 4.5 out of 5". */
export function Stars({ rating, count, className = 'h-4 w-4' }: { rating: number; count?: number; className?: string }) {
  const value = Math.min(MAX, Math.max(0, rating));
  const label = `Rated ${Number(value.toFixed(1))} out of ${MAX}${count === undefined ? '' : `, ${count} review${count === 1 ? '' : 's'}`}`;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <span className="relative inline-flex">
        <span className="inline-flex text-gray-300">
          {range.map((i) => (
            <StarIcon key={i} className={className} />
          ))}
        </span>
        <span className="absolute inset-y-0 left-0 inline-flex overflow-hidden text-warning-700" style={{ width: `${(value / MAX) * 100}%` }}>
          {range.map((i) => (
            <StarIcon key={i} className={className} />
          ))}
        </span>
      </span>
      {count !== undefined && <span className="text-sm text-gray-700">({count})</span>}
    </span>
  );
}

type InputProps = { name: string; legend: string; value: number | null; onChange: (value: number) => void; required?: boolean };

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
export function StarRatingInput({ name, legend, value, onChange, required }: InputProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <div className="mt-1 inline-flex">
        {range.map((i) => (
          <label key={i} className="cursor-pointer rounded p-0.5 has-focus-visible:outline-2 has-focus-visible:outline-brand-700">
            <input type="radio" name={name} value={i} checked={value === i} required={required} onChange={() => onChange(i)} className="sr-only" />
            <span className="sr-only">
              {i} star{i === 1 ? '' : 's'}
            </span>
            <StarIcon className={`h-6 w-6 ${value !== null && i <= value ? 'text-warning-700' : 'text-gray-300'}`} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
