import { buttonClass } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/content-icons';
import { formatDate } from '@/lib/format';

/** A file replaced since the order (Decision 68) has `updated_at` and the versions it replaced, which stay downloadable. */
type DownloadFile = {
  index: number;
  id?: string;
  filename: string;
  updated_at?: string | null;
  earlier_versions?: { id: string; filename: string; version: number; file_path: string }[];
};
export type DownloadItem = { product_id: string; title: string; is_bundle?: boolean; files: DownloadFile[] };

const BUTTON = buttonClass({ variant: 'dark' });

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
        <FileUpdates file={item.files[0]} />
      </div>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {item.files.map((file) => (
        <div key={file.index}>
          <DownloadLink href={href(file)} label={file.filename} />
          <FileUpdates file={file} />
        </div>
      ))}
    </div>
  );
}

/** "Updated {date}" under a replaced file's button, and links to the versions it replaced. */
function FileUpdates({ file }: { file: DownloadFile }) {
  if (!file.updated_at) return null;
  return (
    <div className="mt-1 text-xs text-gray-700">
      <p className="font-semibold text-success-800" data-testid="file-updated">
        Updated {formatDate(file.updated_at)}
      </p>
      {(file.earlier_versions ?? []).map((v) => (
        <a key={v.id} href={v.file_path} target="_blank" rel="noopener noreferrer" className="block underline hover:text-gray-900">
          Earlier version {v.version}: {v.filename}
        </a>
      ))}
    </div>
  );
}

// The icon is decoration (aria-hidden): the accessible name must be exactly the label.
function DownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={BUTTON}>
      <DownloadIcon />
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
      <DownloadIcon />
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
