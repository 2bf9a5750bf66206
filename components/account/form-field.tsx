import type { InputHTMLAttributes } from 'react';

type Props = { id: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input; the hint is tied to it for screen readers. */
export function FormField({ id, label, hint, className = '', ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hintId}
        className={`rounded-lg border border-gray-300 px-3 py-2 focus:border-rose-700 focus:outline-none focus:ring-2 focus:ring-rose-200 ${className}`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}
