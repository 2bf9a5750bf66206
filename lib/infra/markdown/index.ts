// Markdown the owner writes (licence terms) to HTML a page may show: parsed by
// markdown-it with raw HTML turned off, then passed through sanitize-html's
// allow-list, so nothing written there runs as script, loads a resource or
// styles the page, whatever the parser lets through (Decision 081, docs/security.md N3).
import 'server-only';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const parser = new MarkdownIt({ html: false, linkify: true, typographer: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'code',
    'pre',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  // Links leave the shop without telling the other site where they came from.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

/** Safe HTML for a page or an email. */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(parser.render(markdown), ALLOWED);
}

/** Text as HTML text or attribute value: the five characters that could end either escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
