import type { ComponentProps, ReactNode } from 'react';

// Radio buttons: one choice of a few, each with its words beside it. Apart from
// form-controls.tsx so the product page's licence choice carries only this.

/** A bare radio button, for one inside a label of its own. */
export function Radio({ className, ...rest }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="radio" className={`h-4 w-4 shrink-0 accent-brand-700${className ? ` ${className}` : ''}`} {...rest} />;
}

type CardProps = { children: ReactNode } & Omit<ComponentProps<'input'>, 'type' | 'children'>;

/** A choice drawn as a card (a licence tier): the whole card is the radio's label; the chosen one is outlined in the brand colour. */
export function RadioCard({ children, checked, ...input }: CardProps) {
  return (
    <label className={`radio-card${checked ? ' radio-card-checked' : ''}`}>
      <Radio checked={checked} className="mt-1" {...input} />
      {children}
    </label>
  );
}
