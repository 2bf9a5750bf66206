export type DownloadItem = { product_id: string; title: string; is_bundle?: boolean; files: { index: number; id?: string; filename: string }[] };

const BUTTON = 'inline-flex items-center gap-2 rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700';

/**
 * SPEC §2: one file gives a single 'Download File' button; several give one
 * button per file labelled with its name; none says 'No files available'.
 * Links open in a new tab and carry no referrer (the URL is a capability).
 */
export function DownloadButtons({ sessionId, item }: { sessionId: string; item: DownloadItem }) {
  // The stable file id when the server gave one, so a file removed meanwhile never shifts a link.
  const href = (file: { index: number; id?: string }) =>
    `/api/download/${encodeURIComponent(sessionId)}/${encodeURIComponent(item.product_id)}?${file.id ? `file_id=${encodeURIComponent(file.id)}` : `file_index=${file.index}`}`;
  if (item.files.length === 0) return <p className="mt-2 text-sm text-gray-700">No files available</p>;
  if (item.files.length === 1) {
    return (
      <div className="mt-3">
        <DownloadLink href={href(item.files[0])} label="Download File" />
      </div>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {item.files.map((file) => (
        <DownloadLink key={file.index} href={href(file)} label={file.filename} />
      ))}
    </div>
  );
}

// The arrow is decoration: the accessible name must be exactly the label.
function DownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={BUTTON}>
      <span aria-hidden="true">⬇</span>
      {label}
    </a>
  );
}

/**
 * "Download all": one ZIP of the whole order, offered only when the order
 * gives more than one file (for a single file the ZIP is just a detour).
 */
export function DownloadAllLink({ sessionId, fileCount }: { sessionId: string; fileCount: number }) {
  if (fileCount <= 1) return null;
  return (
    <a href={`/api/download/${encodeURIComponent(sessionId)}/all`} rel="noopener noreferrer" download className={BUTTON} data-testid="download-all">
      <span aria-hidden="true">⬇</span>
      Download all
    </a>
  );
}

/** The order's invoice PDF (a tax invoice when the shop is registered for GST). */
export function InvoiceLink({ sessionId }: { sessionId: string }) {
  return (
    <a href={`/api/orders/invoice/${encodeURIComponent(sessionId)}`} target="_blank" rel="noopener noreferrer" className={BUTTON} data-testid="invoice-link">
      Invoice
    </a>
  );
}
