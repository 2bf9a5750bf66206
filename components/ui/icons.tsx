// Inline SVG icons instead of emoji or glyphs such as ▾ ← ⚡ 👑 🔒: a visitor's
// system may have no font for them, and one character outside Latin-1 turns
// the whole server-rendered page into a two-byte string in V8, so every cached
// response pays a slow UTF-8 encode: about 0.2 ms per request on a 136 KB
// listing (docs/decisions/034). Keep page chrome ASCII. Paths: 24-unit box,
// drawn with a 2-unit stroke unless filled. Decorative: each is aria-hidden,
// and the control or text beside it carries the name.
type IconProps = { className?: string };

function icon(d: string, filled = false) {
  function Icon({ className = 'h-4 w-4' }: IconProps) {
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
  return Icon;
}

export const ChevronDownIcon = icon('M6 9l6 6 6-6');
export const ArrowLeftIcon = icon('M19 12H5m7 7l-7-7 7-7');
export const ArrowUpIcon = icon('M12 19V5m-7 7l7-7 7 7');
export const ArrowDownIcon = icon('M12 5v14m7-7l-7 7-7-7');
export const BoltIcon = icon('M13 2L3 14h9l-1 8 10-12h-9l1-8z', true);
export const CartIcon = icon('M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6M8 21a1 1 0 1 0 2 0 1 1 0 1 0-2 0m11 0a1 1 0 1 0 2 0 1 1 0 1 0-2 0');
export const CrownIcon = icon('M2 6l4 11h12l4-11-6 5-4-7-4 7-6-5zm3 15h14');
export const LockIcon = icon('M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zm2 0V7a5 5 0 0 1 10 0v4');
export const CloseIcon = icon('M18 6L6 18M6 6l12 12');
export const MenuIcon = icon('M4 7h16M4 12h16M4 17h16');
export const DownloadIcon = icon('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4m4-5l5 5 5-5m-5 5V3');
export const CheckIcon = icon('M20 6L9 17l-5-5');
export const CheckCircleIcon = icon('M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4L12 14l-3-3');
export const MailIcon = icon('M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm18 2l-10 7L2 6');
export const GiftIcon = icon('M20 12v10H4V12M2 7h20v5H2zm10 15V7m0 0H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zm0 0h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z');
export const BagIcon = icon('M6 2L3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18m-5 4a4 4 0 0 1-8 0');
export const ImageIcon = icon(
  'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3.5 7a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21',
);
export const UserIcon = icon('M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2m8-10a4 4 0 1 0 0-8 4 4 0 0 0 0 8z');
export const PlusIcon = icon('M12 5v14m-7-7h14');
export const StarIcon = icon('M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1z', true);
