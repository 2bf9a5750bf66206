import { Badge } from '@/components/ui/badge';
import { Price } from '@/components/ui/price';
import type { ProductCardView } from './types';

export type RecommendedView = Pick<ProductCardView, 'id' | 'title' | 'href' | 'imageUrl' | 'isBundle' | 'price'>;

/**
 * A row of small cards ("Frequently bought together", "You might also like",
 * "Complete the set", Decision 089): one scrolling row on a phone, so hiding a
 * card the visitor already has barely moves the page. Each card names its
 * product (data-recommended) for HideHeldItems.
 */
export function RecommendationList({ title, items, id }: { title: string; items: RecommendedView[]; id: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="mt-12" data-testid="recommendations">
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      <ul className="flex snap-x gap-4 overflow-x-auto pb-2">
        {items.map((item) => (
          <li key={item.id} data-recommended={item.id} className="w-40 shrink-0 snap-start sm:w-48">
            <a href={item.href} className="block overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm hover:shadow-md">
              <span className="relative block aspect-square bg-gray-100">
                {item.imageUrl && (
                  // eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3)
                  <img src={item.imageUrl} alt="" width={192} height={192} loading="lazy" decoding="async" className="h-full w-full object-cover" />
                )}
                {item.isBundle && (
                  <span className="absolute left-2 top-2">
                    <Badge tone="bundle">Bundle</Badge>
                  </span>
                )}
              </span>
              <span className="block p-3">
                <span className="line-clamp-2 text-sm font-semibold">{item.title}</span>
                <Price price={item.price} />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
