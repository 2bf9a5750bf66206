// Reads a whole ZIP the way an unzip tool would, for tests that check archives entry by entry.
import yauzl from 'yauzl';

export type UnzippedEntry = { name: string; method: number; body: Buffer };

/** Every entry of a ZIP with its compression method (0 stored, 8 deflated) and its bytes; rejects a malformed archive. */
export function unzip(zip: Buffer): Promise<UnzippedEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries: UnzippedEntry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, method: entry.compressionMethod, body: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}
