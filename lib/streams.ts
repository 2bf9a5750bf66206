// Byte-stream helpers shared by the upload paths (bulk staging, files added to a product).

/**
 * Reads at least `minBytes` of a streamed body (fewer when it ends first) and
 * hands back those bytes and the whole body again, the head included: what a
 * caller needs to look at a file's first bytes (its type, whether it is empty)
 * before it streams the file on, without holding more than the head.
 */
export async function peekChunks(chunks: AsyncIterable<Uint8Array>, minBytes: number): Promise<{ head: Buffer; body: AsyncIterable<Buffer> }> {
  const rest = chunks[Symbol.asyncIterator]();
  const read: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < minBytes) {
    const next = await rest.next();
    if (next.done) {
      ended = true;
      break;
    }
    read.push(next.value);
    size += next.value.byteLength;
  }
  const head = Buffer.concat(read);
  const body = (async function* () {
    if (head.length > 0) yield head;
    if (ended) return;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  })();
  return { head, body };
}
