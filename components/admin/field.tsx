import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { input } from './styles';

type Labelled = { id: string; label: string; hint?: string };

function Wrapper({ id, label, hint, children }: Labelled & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function TextField({ id, label, hint, ...rest }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Wrapper id={id} label={label} hint={hint}>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={input} {...rest} />
    </Wrapper>
  );
}

export function TextAreaField({ id, label, hint, ...rest }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Wrapper id={id} label={label} hint={hint}>
      <textarea id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={input} {...rest} />
    </Wrapper>
  );
}

export function SelectField({ id, label, hint, children, ...rest }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Wrapper id={id} label={label} hint={hint}>
      <select id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={input} {...rest}>
        {children}
      </select>
    </Wrapper>
  );
}

export function CheckboxField({ id, label, ...rest }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="h-4 w-4 accent-rose-700" {...rest} />
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
    </div>
  );
}
