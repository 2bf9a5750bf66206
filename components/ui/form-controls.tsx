import type { ComponentProps, InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field, withClass, type Labelled } from './field';

// The form controls beyond a text box: multi-line text, native selects and
// checkboxes, labelled the same way (Field). Apart from field.tsx so a page
// with only a text box (the /products search) does not carry them.

export function Textarea({ className, ...rest }: ComponentProps<'textarea'>) {
  return <textarea className={withClass('control', className)} {...rest} />;
}

/** A native select, for short fixed lists (a status, a discount type); pickers of catalogue names are Comboboxes. */
export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select className={withClass('control', className)} {...rest} />;
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

/** A bare checkbox, for one inside a label of its own (a row of a list to tick). */
export function Checkbox({ className, ...rest }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={withClass('h-4 w-4 shrink-0 accent-brand-700', className)} {...rest} />;
}

/** A checkbox with its label beside it; `hideLabel` keeps the label for screen readers only (a row's select tick). */
export function CheckboxField({
  id,
  label,
  hideLabel = false,
  className = '',
  ...input
}: { id: string; label: ReactNode; hideLabel?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <Checkbox id={id} {...input} />
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-gray-800'}>
        {label}
      </label>
    </div>
  );
}
