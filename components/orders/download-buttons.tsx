export type DownloadItem = { product_id: string; title: string; is_bundle?: boolean; files: { index: number; filename: string }[] };

/**
 * SPEC §2: one file gives a single 'Download File' button; several give one
 * button per file labelled with its name; none says 'No files available'.
 * Links open in a new tab and carry no referrer (the URL is a capability).
 */
export function DownloadButtons({ sessionId, item }: { sessionId: string; item: DownloadItem }) {
  const href = (index: number) => `/api/download/${encodeURIComponent(sessionId)}/${encodeURIComponent(item.product_id)}?file_index=${index}`;
  const button = 'inline-flex items-center gap-2 rounded-lg bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700';
  if (item.files.length === 0) return <p className="mt-2 text-sm text-gray-700">No files available</p>;
  if (item.files.length === 1) {
    return (
      <div className="mt-3">
        <a href={href(0)} target="_blank" rel="noopener noreferrer" className={button}>
          ⬇ Download File
        </a>
      </div>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {item.files.map((file) => (
        <a key={file.index} href={href(file.index)} target="_blank" rel="noopener noreferrer" className={button}>
          ⬇ {file.filename}
        </a>
      ))}
    </div>
  );
}
