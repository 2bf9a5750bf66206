import { useId, type ReactNode } from 'react';

type Column<T> = { label: string; cell: (row: T) => ReactNode; numeric?: boolean };

/**
 * A captioned table of figures that scrolls sideways on a phone rather than squeezing. Its
 * scrolling box is a named, focusable region, so a keyboard can scroll it too; a table kept
 * for screen readers only (`screenReaderOnly`) has no box to scroll and no tab stop.
 */
export function FigureTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  screenReaderOnly = false,
  className = '',
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
  screenReaderOnly?: boolean;
  className?: string;
}) {
  const captionId = useId();
  const box = screenReaderOnly
    ? { className: 'sr-only' }
    : { className: `overflow-x-auto ${className}`, role: 'region', 'aria-labelledby': captionId, tabIndex: 0 };
  return (
    <div {...box}>
      <table className="w-full min-w-[20rem] border-collapse text-sm">
        <caption id={captionId} className="mb-2 text-left text-base font-semibold text-gray-900">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-gray-200 text-left text-gray-700">
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`py-2 pr-3 font-semibold ${c.numeric ? 'text-right' : ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="py-3 text-gray-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-gray-100">
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.label} scope="row" className="py-2 pr-3 text-left font-normal">
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.label} className={`py-2 pr-3 ${c.numeric ? 'text-right tabular-nums' : ''}`}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
