/** The sitemaps protocol's limit of URLs per file (https://www.sitemaps.org/protocol.html). */
export const MAX_URLS_PER_SITEMAP = 50_000;

/** One `<url>` (or `<sitemap>`) entry. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | undefined;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML content and attributes (the protocol requires entity-escaped URLs). */
export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids outright are dropped rather than escaped: no entity can carry them.
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function entryXml(tag: 'url' | 'sitemap', e: SitemapEntry): string {
  const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(e.loc)}</loc>${lastmod}</${tag}>`;
}

/** A `<urlset>` document. */
export function renderUrlset(entries: readonly SitemapEntry[]): string {
  const body = entries.map((e) => `  ${entryXml('url', e)}\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</urlset>\n`;
}

/** A `<sitemapindex>` document pointing at the parts. */
export function renderSitemapIndex(parts: readonly SitemapEntry[]): string {
  const body = parts.map((e) => `  ${entryXml('sitemap', e)}\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</sitemapindex>\n`;
}

/** Cuts a list into consecutive chunks of at most `size` (the last one may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The newest lastmod of some entries, for an index entry's own lastmod. */
function newestLastmod(entries: readonly SitemapEntry[]): string | undefined {
  let best: string | undefined;
  for (const e of entries) if (e.lastmod && (!best || e.lastmod > best)) best = e.lastmod;
  return best;
}

/**
 * Every sitemap file by site path. Up to `max` URLs: one `/sitemap.xml` urlset. Beyond that:
 * `/sitemap.xml` is an index of `/sitemap-1.xml` ... `/sitemap-N.xml`, each holding at most `max`.
 */
export function buildSitemapFiles(entries: readonly SitemapEntry[], origin: string, max = MAX_URLS_PER_SITEMAP): Map<string, string> {
  if (entries.length <= max) return new Map([['/sitemap.xml', renderUrlset(entries)]]);
  const files = new Map<string, string>();
  const parts = chunk(entries, max);
  const index = parts.map((part, i) => {
    const path = `/sitemap-${i + 1}.xml`;
    files.set(path, renderUrlset(part));
    return { loc: `${origin}${path}`, lastmod: newestLastmod(part) };
  });
  files.set('/sitemap.xml', renderSitemapIndex(index));
  return files;
}
