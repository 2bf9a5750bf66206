import { splitBanner } from '@/lib/banner';

/** The scrolling announcement strip: the items twice in a row, so the loop is seamless. */
export function BannerStrip({ message }: { message: string }) {
  const items = splitBanner(message);
  if (items.length === 0) return null;
  const row = (hidden: boolean) => (
    <ul className="flex shrink-0 items-center gap-12 pr-12" aria-hidden={hidden || undefined}>
      {items.map((item, i) => (
        <li key={i} className="whitespace-nowrap">
          {item}
        </li>
      ))}
    </ul>
  );
  return (
    <div
      className="overflow-hidden bg-gray-900 py-2 text-xs font-semibold tracking-widest text-white"
      role="region"
      aria-label="Announcements"
      data-testid="banner"
    >
      <div className="banner-marquee flex w-max">
        {row(false)}
        {row(true)}
      </div>
    </div>
  );
}
