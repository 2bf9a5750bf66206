// Licence terms are the owner's Markdown shown on public pages (SECURITY N3,
// Decision 081): markdown-it with raw HTML off, then an allow-list sanitiser.
import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '@/lib/infra/markdown';

describe('markdownToSafeHtml', () => {
  it('renders headings, lists, emphasis and http(s) links, with rel on links', () => {
    const html = markdownToSafeHtml('## You may\n\n- print **it**\n- [read more](https://example.com/x)');
    expect(html).toContain('<h2>You may</h2>');
    expect(html).toContain('<li>print <strong>it</strong></li>');
    expect(html).toContain('<a href="https://example.com/x" rel="nofollow noopener noreferrer">read more</a>');
  });

  it('never lets script, handlers, frames, styles or script URLs through', () => {
    const html = markdownToSafeHtml(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '<iframe src="https://evil.example"></iframe>',
        '<p style="position:fixed">overlay</p>',
        '[x](javascript:alert(1))',
        '[y](JaVaScRiPt:alert(1))',
        '[z](data:text/html;base64,PHNjcmlwdD4=)',
        '![i](https://example.com/track.png)',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<p style|href="(javascript|data):/i);
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
  });
});
