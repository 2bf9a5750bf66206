import type { ComponentProps, InputHTMLAttributes, ReactNode } from 'react';

// Form fields. Field draws the label, the hint and the error and wires them to
// its control for assistive technology (aria-describedby, aria-invalid), so no
// screen builds that by hand. Plain markup: usable from server and client code.

/** What Field hands its control: the id the label points at, and the aria wiring. */
export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control and announced with it; marks the control invalid. */
  error?: string | null;
  /** Keeps the label for screen readers only (a search box whose purpose the placeholder shows). */
  hideLabel?: boolean;
  /** An id for the label itself, for controls that name other parts by it (a combobox's list). */
  labelId?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

export function Field({ id, label, hint, error, hideLabel = false, labelId, className = '', children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label id={labelId} htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-gray-800'}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true as const } : {}) })}
      {hint && (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const withClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={withClass('control', className)} {...rest} />;
}

export type Labelled = { id: string; label: ReactNode; hint?: ReactNode; error?: string | null; hideLabel?: boolean };

export function TextField({ id, label, hint, error, hideLabel, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}
