import type { InputHTMLAttributes, ReactNode } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button';

type Props = { children: ReactNode; label: string; variant?: ButtonVariant; size?: ButtonSize } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'>;

/**
 * A file picker drawn as a button ("Replace with new version"): the native
 * input stays in the page for the keyboard and screen readers, named by
 * `label`, visually hidden inside the button's <label>; the focus ring shows
 * on the button while the input has the focus.
 */
export function FileButton({ children, label, variant = 'secondary', size = 'sm', ...input }: Props) {
  return (
    <label className={buttonClass({ variant, size, className: 'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-brand-700' })}>
      {children}
      <input type="file" className="sr-only" aria-label={label} {...input} />
    </label>
  );
}
