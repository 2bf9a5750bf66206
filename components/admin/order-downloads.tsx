import { formatDateTime } from '@/lib/format';
import type { AdminOrderResponse as AdminOrder } from '@/lib/contract/orders';

/** The order's download log (newest first) and its CSV export: the evidence a card dispute asks for. */
export function OrderDownloads({ order }: { order: AdminOrder }) {
  const titles = new Map(order.products.map((p) => [p.id, p.title]));
  const csv = `/api/admin/orders/${encodeURIComponent(order.session_id)}/downloads.csv`;
  return (
    <div className="mt-4 border-t border-gray-100 pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">
          Download log <span className="font-normal text-gray-700">({order.download_count})</span>
        </h4>
        {order.download_count > 0 && (
          <a href={csv} download className="link text-sm underline">
            Export CSV
          </a>
        )}
      </div>
      {order.downloads.length === 0 ? (
        <p className="text-sm text-gray-700">No downloads yet.</p>
      ) : (
        <table className="mt-1 w-full text-left text-sm" aria-label="Download log">
          <thead className="text-gray-700">
            <tr>
              <th className="font-medium">When</th>
              <th className="font-medium">File</th>
              <th className="font-medium">Client address</th>
            </tr>
          </thead>
          <tbody>
            {order.downloads.map((d, i) => (
              <tr key={`${d.downloaded_at}-${i}`} data-testid="download-log">
                <td>{formatDateTime(d.downloaded_at)}</td>
                <td>
                  {d.filename} <span className="text-gray-600">· {titles.get(d.product_id) ?? d.product_id}</span>
                </td>
                <td className="font-mono text-xs">{d.ip ?? 'unknown'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {order.download_count > order.downloads.length && (
        <p className="mt-1 text-xs text-gray-700">Showing the newest {order.downloads.length}; the CSV has every download.</p>
      )}
    </div>
  );
}
