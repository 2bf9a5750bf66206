import type { ButtonHTMLAttributes } from 'react';

/**
 * A button that reads as text: a link-styled toggle ("Have a promo code?") or
 * a menu entry beside links (Logout). It acts on the page, so it is a button,
 * not a link; the look is the .link style unless the caller gives its own.
 * Apart from button.tsx so the navigation bar carries only this.
 */
export function TextButton({ className = 'link', type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={className} {...rest} />;
}
