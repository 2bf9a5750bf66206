'use client';

import { useRef, useState, type ComponentType } from 'react';
import type { ComboboxControlProps } from './combobox';
import { Chevron, COMBOBOX_INPUT, toOptions, TOGGLE } from './combobox-parts';

// A Combobox for pages that must stay light (the shop's server-rendered pages,
// issue #7's first-load budget). Only the control is here: the page draws its
// label on the server (Field with labelId `${id}-label`). A look-alike
// stand-in renders first, and the real control (with Downshift) is fetched
// when the visitor points at it, focuses it or starts typing, then takes its
// place: focused, open and with the typed text when that is what the visitor
// was doing.

type Start = { focus?: boolean; open?: boolean; text?: string };

let loaded: ComponentType<ComboboxControlProps> | null = null;
const load = async () => (loaded ??= (await import('./combobox')).ComboboxControl);

export function LazyComboboxControl(props: ComboboxControlProps) {
  const [Real, setReal] = useState<ComponentType<ComboboxControlProps> | null>(() => loaded);
  const [start, setStart] = useState<Start>({});
  const input = useRef<HTMLInputElement>(null);
  const { id } = props;

  if (Real) return <Real {...props} autoFocus={start.focus} initialOpen={start.open} initialInputValue={start.text} />;

  const begin = (next: Start) => {
    setStart((now) => ({ ...now, ...next }));
    void load().then((component) => {
      // Reached by Tab: the keyboard user may have tabbed on while it loaded, so the real control takes the focus only if the stand-in still has it.
      if (next.focus && !next.open && document.activeElement !== input.current) setStart((now) => ({ ...now, focus: false }));
      setReal(() => component);
    });
  };
  const all = [...(props.emptyOption === undefined ? [] : [{ value: '', label: props.emptyOption }]), ...toOptions(props.options)];
  const shown = start.text ?? all.find((o) => o.value === props.value)?.label ?? '';
  return (
    <div className="relative" onPointerEnter={() => begin({})}>
      <input
        ref={input}
        id={id}
        role="combobox"
        aria-expanded={false}
        aria-controls={`${id}-menu`}
        aria-autocomplete="list"
        aria-describedby={props.describedBy}
        autoComplete="off"
        value={shown}
        placeholder={props.placeholder}
        disabled={props.disabled}
        onFocus={() => begin({ focus: true })}
        onPointerDown={() => begin({ focus: true, open: true })}
        onChange={(e) => begin({ focus: true, open: true, text: e.target.value })}
        className={COMBOBOX_INPUT}
      />
      <button type="button" tabIndex={-1} aria-label={`Show ${props.label} options`} className={TOGGLE} onClick={() => begin({ focus: true, open: true })}>
        <Chevron />
      </button>
      {props.name && <input type="hidden" name={props.name} value={props.value} />}
      <ul id={`${id}-menu`} role="listbox" aria-labelledby={`${id}-label`} hidden />
    </div>
  );
}
