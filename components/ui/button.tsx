import type { ButtonHTMLAttributes } from 'react';

// Buttons of the whole shop. Plain markup, no client code: the look is the
// .btn classes of app/globals.css (theme tokens), so a server page, a product
// card and a client form all render the same button for a few bytes.

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'dark' | 'success' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

type Look = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The classes of a button, for elements that only look like one (a Link, an <a> download, a file <label>). */
export function buttonClass({ variant = 'primary', size = 'md', className }: Look = {}): string {
  return `btn btn-${variant} btn-${size}${className ? ` ${className}` : ''}`;
}

type Props = Look & ButtonHTMLAttributes<HTMLButtonElement>;

/** A <button> (type="button" unless told otherwise, so it never submits a form by accident). */
export function Button({ variant, size, className, type = 'button', ...rest }: Props) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...rest} />;
}
