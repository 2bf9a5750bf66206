import { DownloadAllLink, DownloadButtons, InvoiceLink } from '@/components/orders/download-buttons';
import { BundleCreditNote } from '@/components/orders/bundle-credit-note';
import { LicenceSummary } from '@/components/orders/licence-upgrade';
import { Badge } from '@/components/ui/badge';
import { imageSrc } from '@/lib/cart';
import { dollarsToCents, formatAud, formatDate, formatMoney } from '@/lib/format';
import type { CustomerOrderProductResponse, CustomerOrderResponse } from '@/lib/contract/orders';

// docs/product.md §9: customers see the last 12 characters of the session id.
const shortOrderId = (sessionId: string) => sessionId.slice(-12);

export function OrderCard({ order }: { order: CustomerOrderResponse }) {
  const orderId = shortOrderId(order.session_id);
  return (
    <li className="rounded-2xl bg-white p-6 shadow-sm" data-testid="order-card" aria-label={`Order ${orderId}`}>
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-gray-100 pb-4">
        <div>
          <h2 className="text-lg font-bold">Order #{orderId}</h2>
          <p className="text-sm text-gray-700">{formatDate(order.created_at)}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold" data-testid="order-amount">
            {formatMoney(dollarsToCents(order.amount), order.currency)}
          </p>
          <p className="text-sm text-gray-700">
            {order.item_count} item{order.item_count === 1 ? '' : 's'}
          </p>
        </div>
      </div>
      <ul className="mt-4 flex flex-col gap-4">
        {order.products.map((product) => (
          <OrderLine key={product.id} sessionId={order.session_id} product={product} />
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <DownloadAllLink sessionId={order.session_id} fileCount={order.products.reduce((n, p) => n + p.files.length, 0)} />
        <InvoiceLink sessionId={order.session_id} />
        {order.refunds.map((refund) => (
          <a
            key={refund.id}
            href={refund.adjustment_note_url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-semibold text-accent-800 underline"
            data-testid="adjustment-note-link"
          >
            Adjustment note: {formatAud(dollarsToCents(refund.amount))} refunded {formatDate(refund.refunded_at)}
          </a>
        ))}
      </div>
    </li>
  );
}

function OrderLine({ sessionId, product }: { sessionId: string; product: CustomerOrderProductResponse }) {
  const src = imageSrc(product.image_path);
  return (
    <li className="flex flex-col gap-2">
      <div className="flex gap-4" data-testid="order-product">
        {src ? (
          // eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3)
          <img src={src} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="h-20 w-20 shrink-0 rounded-lg bg-gray-100" />
        )}
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">
            {product.title}
            {product.is_bundle && (
              <Badge tone="bundle" className="ml-2">
                Bundle
              </Badge>
            )}
          </h3>
          {/* The bundle at its price, then its credit (Decision 094), as the invoice shows them. */}
          <p className="text-gray-800">{formatAud(dollarsToCents(product.price) + dollarsToCents(product.bundle_credit))}</p>
          <BundleCreditNote credit={product.bundle_credit} />
          {product.refunded ? (
            <p className="mt-2 text-sm text-gray-700" data-testid="order-product-refunded">
              <Badge tone="danger" className="mr-2">
                Refunded
              </Badge>
              Downloads of this item have ended.
            </p>
          ) : (
            <DownloadButtons
              sessionId={sessionId}
              item={{ product_id: product.id, title: product.title, is_bundle: product.is_bundle, files: product.files }}
            />
          )}
        </div>
      </div>
      {/* Under the line rather than in it: the line's links are its downloads. */}
      {product.licence && (
        <div className="pl-24">
          <LicenceSummary productId={product.id} licence={product.licence} />
        </div>
      )}
    </li>
  );
}
