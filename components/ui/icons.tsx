// Inline SVG icons instead of emoji or glyphs such as ▾ ← ⚡ 👑 🔒: a visitor's
// system may have no font for them, and one character outside Latin-1 turns
// the whole server-rendered page into a two-byte string in V8, so every cached
// response pays a slow UTF-8 encode: about 0.2 ms per request on a 136 KB
// listing (docs/decisions/034). Keep page chrome ASCII. Paths: 24-unit box,
// drawn with a 2-unit stroke unless filled. Decorative: each is aria-hidden,
// and the control or text beside it carries the name.
export type IconProps = { className?: string };

export function Svg({ d, filled = false, className = 'h-4 w-4' }: IconProps & { d: string; filled?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`inline-block shrink-0 ${className}`}
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={filled ? undefined : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

// The icons of the page chrome that client components draw on every shop page
// (nav, menus, pickers, dialogs). The bundler keeps a module whole, so the
// icons that illustrate content are apart, in content-icons.tsx.
export const ChevronDownIcon = (props: IconProps) => <Svg d="M6 9l6 6 6-6" {...props} />;
export const ArrowLeftIcon = (props: IconProps) => <Svg d="M19 12H5m7 7l-7-7 7-7" {...props} />;
export const CartIcon = (props: IconProps) => (
  <Svg d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6M8 21a1 1 0 1 0 2 0 1 1 0 1 0-2 0m11 0a1 1 0 1 0 2 0 1 1 0 1 0-2 0" {...props} />
);
export const CrownIcon = (props: IconProps) => <Svg d="M2 6l4 11h12l4-11-6 5-4-7-4 7-6-5zm3 15h14" {...props} />;
export const CloseIcon = (props: IconProps) => <Svg d="M18 6L6 18M6 6l12 12" {...props} />;
export const MenuIcon = (props: IconProps) => <Svg d="M4 7h16M4 12h16M4 17h16" {...props} />;
