import type { AnchorHTMLAttributes } from 'react';
import { CloseIcon } from './icons';

/**
 * A name that leads somewhere (a product's category and subcategory chips):
 * a plain <a>, brand for a category, accent for a subcategory.
 */
export function ChipLink({ tone, className, ...rest }: { tone: 'brand' | 'accent'; href: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={`chip-link chip-link-${tone}${className ? ` ${className}` : ''}`} {...rest} />;
}

/** A name in a list the owner edits (a tag, a subcategory), with its own remove button when `onRemove` is given. */
export function Chip({ children, onRemove, removeLabel }: { children: string; onRemove?: () => void; removeLabel?: string }) {
  return (
    <span className="badge badge-neutral px-3 py-1 text-sm">
      {children}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel ?? `Remove ${children}`}
          className="-mr-1 rounded-full p-0.5 text-gray-600 hover:bg-gray-200 hover:text-danger-700"
        >
          <CloseIcon className="h-3.5 w-3.5" />
        </button>
      )}
    </span>
  );
}
