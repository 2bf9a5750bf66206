// Reading and writing CSV files in tests, with the parser the products import uses.
import { parse } from 'csv-parse/sync';

type CsvBody = ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>;

/** The CSV as records (the header first), read by the same parser the import uses. */
export async function records(stream: CsvBody): Promise<string[][]> {
  return parse(await new Response(await stream).text()) as string[][];
}

/** Rows as objects by header name. */
export async function table(stream: CsvBody): Promise<Record<string, string>[]> {
  const [header, ...rows] = await records(stream);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

/** Records back to CSV text, quoted as the export writes them. */
export const csvOf = (rows: string[][]) => rows.map((cells) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
