// Small inline icons instead of glyphs such as ▾ ← ⚡. One character outside
// Latin-1 turns the whole server-rendered page into a two-byte string in V8,
// and every cached response then pays a slow UTF-8 encode: about 0.2 ms per
// request on a 136 KB listing (docs/decisions/034). Keep page chrome ASCII.
type IconProps = { className?: string };

const svg = (path: string, { className = 'h-3.5 w-3.5' }: IconProps, filled = false) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 20 20"
    className={`inline-block shrink-0 ${className}`}
    fill={filled ? 'currentColor' : 'none'}
    stroke={filled ? 'none' : 'currentColor'}
    strokeWidth={filled ? undefined : 2}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={path} />
  </svg>
);

export const ChevronDownIcon = (props: IconProps) => svg('M5 8l5 5 5-5', props);
export const ArrowLeftIcon = (props: IconProps) => svg('M16 10H4m5-5l-5 5 5 5', props);
export const BoltIcon = (props: IconProps) => svg('M11 1L3 11h6l-1 8 8-10h-6l1-8z', props, true);
