// docs/product.md §7 lists the whole API: a route added, renamed or removed
// without its line there fails here (scripts/check-api-docs.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkApiDocs, documentedCalls, documentedPath, PRODUCT_DOC, section } from '../../scripts/check-api-docs';

const doc = readFileSync(PRODUCT_DOC, 'utf8');

describe('docs/product.md §7', () => {
  it('lists every method and path a route file under app/api exports', () => {
    const { routes, missing } = checkApiDocs(doc);
    expect(routes).toContain('GET /api/products/{id}');
    expect(routes).toContain('POST /api/webhooks/stripe');
    expect(missing).toEqual([]);
  });

  it('names no call that no route file exports, anywhere in the document', () => {
    expect(checkApiDocs(doc).unknown).toEqual([]);
  });

  it('reports a route whose line is gone, and a line whose route is gone', () => {
    const withoutOne = doc.replace(/^\| `DELETE \/api\/tags\/\{id\}` .*$/m, '');
    expect(withoutOne).not.toBe(doc);
    expect(checkApiDocs(withoutOne).missing).toEqual(['DELETE /api/tags/{id}']);

    const withStale = doc.replace('### Conventions', '| `POST /api/tags/{id}/merge` | admin | gone | — | — |\n\n### Conventions');
    expect(checkApiDocs(withStale).unknown).toEqual(['POST /api/tags/{id}/merge']);
  });

  it('counts only §7 as the list, so a call mentioned elsewhere does not stand in for its line', () => {
    const outside = '## 6. Roles\n\n`GET /api/tags`\n\n## 7. The API\n\n| `POST /api/tags` |\n\n## 8. Messages\n\n`DELETE /api/tags/{id}`\n';
    expect([...documentedCalls(section(outside, 7))]).toEqual(['POST /api/tags']);
  });

  it('reads catch-all rows with several methods, and writes folder names as the spec writes paths', () => {
    expect([...documentedCalls('| `GET, POST /api/auth/{...nextauth}` | `GET /api/download/{sessionId}/all?product_id=` |')]).toEqual([
      'GET /api/auth/{...nextauth}',
      'POST /api/auth/{...nextauth}',
      'GET /api/download/{sessionId}/all',
    ]);
    expect(documentedPath('/api/media/[...key]')).toBe('/api/media/{...key}');
    expect(documentedPath('/api/products/[id]/files/[fileId]/versions')).toBe('/api/products/{id}/files/{fileId}/versions');
  });
});
