import { formatAud } from '@/lib/format';
import type { PriceView } from './types';

/** The price, with the regular price struck through beside it during a sale. */
export function Price({ price, size = 'md' }: { price: PriceView; size?: 'md' | 'lg' }) {
  const main = size === 'lg' ? 'text-2xl' : 'text-base';
  if (!price.onSale) return <span className={`${main} font-bold text-gray-900`}>{formatAud(price.priceCents)}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <s className="text-sm text-gray-600" aria-label={`Regular price ${formatAud(price.regularPriceCents)}`}>
        {formatAud(price.regularPriceCents)}
      </s>
      <span className={`${main} font-bold text-rose-700`}>{formatAud(price.priceCents)}</span>
    </span>
  );
}

export function Badge({ children, tone }: { children: React.ReactNode; tone: 'sale' | 'bundle' }) {
  const colours = tone === 'sale' ? 'bg-rose-700 text-white' : 'bg-indigo-700 text-white';
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${colours}`}>{children}</span>;
}
