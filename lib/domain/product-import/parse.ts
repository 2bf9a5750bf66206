// A products CSV read into its header and rows by a maintained parser
// (csv-parse: RFC 4180 quoting, a byte-order mark, CRLF or LF), with the
// header checked against the layout: an unknown or repeated column, or no id
// column, is an error of row 1 and nothing in the file is applied. Pure.
import { parse } from 'csv-parse/sync';
import { MAX_IMPORT_ROWS } from '@/lib/contract/exports';
import { PRODUCT_COLUMNS, TIER_COLUMN_PREFIX } from '@/lib/domain/exports';

export type ImportIssue = { row: number; column: string; message: string };
export type CsvRow = { row: number; cells: Record<string, string> };
/** `count`: the data rows the file holds (the header not counted), readable or not. */
export type ParsedImport = { header: string[]; count: number; rows: CsvRow[]; errors: ImportIssue[] };

const FIXED = new Set<string>(PRODUCT_COLUMNS);
/** The spreadsheet's row number of a record: the header is row 1. */
const rowOf = (index: number) => index + 1;

export function parseProductCsv(text: string, tierKeys: readonly string[]): ParsedImport {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, max_record_size: 1024 * 1024 });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { header: [], count: 0, rows: [], errors: [{ row: line ?? 1, column: '', message: `Not a readable CSV file: ${(error as Error).message}` }] };
  }
  if (records.length === 0)
    return { header: [], count: 0, rows: [], errors: [{ row: 1, column: '', message: 'The file is empty: the first row must name the columns' }] };
  const header = records[0].map((name) => name.trim());
  const errors = headerErrors(header, tierKeys);
  const data = records.slice(1);
  if (data.length > MAX_IMPORT_ROWS) errors.push({ row: rowOf(MAX_IMPORT_ROWS + 1), column: '', message: `At most ${MAX_IMPORT_ROWS} rows in one file` });
  if (errors.length > 0) return { header, count: data.length, rows: [], errors };
  const rows: CsvRow[] = [];
  data.forEach((cells, n) => {
    const row = rowOf(n + 1);
    if (cells.length !== header.length) errors.push({ row, column: '', message: `Has ${cells.length} cells; the header names ${header.length} columns` });
    else rows.push({ row, cells: Object.fromEntries(header.map((name, i) => [name, cells[i]])) });
  });
  return { header, count: data.length, rows, errors };
}

function headerErrors(header: string[], tierKeys: readonly string[]): ImportIssue[] {
  const errors: ImportIssue[] = [];
  const seen = new Set<string>();
  const tiers = new Set(tierKeys);
  for (const name of header) {
    if (seen.has(name)) errors.push({ row: 1, column: name, message: 'This column appears twice' });
    seen.add(name);
    const tierKey = name.startsWith(TIER_COLUMN_PREFIX) ? name.slice(TIER_COLUMN_PREFIX.length) : null;
    if (tierKey !== null && !tiers.has(tierKey)) errors.push({ row: 1, column: name, message: `Unknown licence tier: ${tierKey}` });
    else if (tierKey === null && !FIXED.has(name)) errors.push({ row: 1, column: name, message: 'Unknown column' });
  }
  if (!seen.has('id')) errors.push({ row: 1, column: 'id', message: 'The id column is required: it names the product each row edits' });
  return errors;
}
