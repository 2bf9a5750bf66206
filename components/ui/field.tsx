import type { ComponentProps, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

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
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

export function Field({ id, label, hint, error, hideLabel = false, className = '', children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-gray-800'}>
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

const withClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={withClass('control', className)} {...rest} />;
}

export function Textarea({ className, ...rest }: ComponentProps<'textarea'>) {
  return <textarea className={withClass('control', className)} {...rest} />;
}

/** A native select, for short fixed lists (a status, a discount type); pickers of catalogue names are Comboboxes. */
export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select className={withClass('control', className)} {...rest} />;
}

type Labelled = { id: string; label: ReactNode; hint?: ReactNode; error?: string | null; hideLabel?: boolean };

export function TextField({ id, label, hint, error, hideLabel, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

export function TextareaField({ id, label, hint, error, hideLabel, ...textarea }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      {(control) => <Textarea {...control} {...textarea} />}
    </Field>
  );
}

export function SelectField({ id, label, hint, error, hideLabel, ...select }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      {(control) => <Select {...control} {...select} />}
    </Field>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ id, label, className = '', ...input }: { id: string; label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input id={id} type="checkbox" className="h-4 w-4 accent-brand-700" {...input} />
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
    </div>
  );
}
