import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream } from '@/lib/domain/csv';

describe('the CSV writer', () => {
  it.each(['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('defuses a cell a spreadsheet would run: %j', (value) => {
    const cell = csvCell(value);
    expect(cell.startsWith(`"'`)).toBe(true);
    expect(cell.slice(2, -1).replace(/""/g, '"')).toBe(value);
  });

  it('quotes every text cell, doubles quotes, keeps numbers and dates plain', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(new Date('2026-11-27T00:00:00Z'))).toBe('"2026-11-27T00:00:00.000Z"');
    expect(csvCell(null)).toBe('""');
    expect(csvLine(['a', 1])).toBe('"a",1\r\n');
  });

  it('streams the header, then each batch as it is pulled', async () => {
    let pulled = 0;
    async function* batches() {
      for (const batch of [['=1', 'b'], ['c']]) {
        pulled++;
        yield batch;
      }
    }
    const text = await new Response(csvStream(['name'], batches(), (row) => [row])).text();
    expect(text).toBe('name\r\n"\'=1"\r\n"b"\r\n"c"\r\n');
    expect(pulled).toBe(2);
  });
});
