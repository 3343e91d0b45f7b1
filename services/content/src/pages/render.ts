import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** One Marked instance of our own (never the global one a dependency might configure). */
const markdown = new Marked({ gfm: true, async: false });

/**
 * What a page body may become in HTML: text formatting, headings, lists, tables, code, quotes,
 * links and images. Nothing that runs (script, iframe, object, forms, style), no event
 * attributes (sanitize-html keeps only the attributes listed here), and links only to http(s),
 * mailto and tel, or relative: a `javascript:` or `data:` href is dropped.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], th: ['align'], td: ['align'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the site without handing it the opener, whatever the author wrote.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};
ALLOWED.allowedAttributes = { ...(ALLOWED.allowedAttributes as Record<string, string[]>), a: ['href', 'title', 'rel'] };

/** A page body's Markdown as HTML safe to put in a page: rendered by marked, then sanitized by sanitize-html. */
export function renderMarkdown(body: string): string {
  return sanitizeHtml(markdown.parse(body) as string, ALLOWED);
}
