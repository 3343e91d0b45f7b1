/** The sitemaps protocol's limit of URLs per file (https://www.sitemaps.org/protocol.html). */
export const MAX_URLS_PER_SITEMAP = 50_000;
/** The protocol's limit on a file's uncompressed size: 50 MiB. */
export const MAX_SITEMAP_BYTES = 52_428_800;

/** How large one sitemap file may grow; tests lower both. */
export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

/** One language version of a page, for a `<url>`'s hreflang alternates (https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap). */
export interface SitemapAlternate {
  /** A BCP 47 language code, or `x-default`. */
  hreflang: string;
  href: string;
}

/** One `<url>` (or `<sitemap>`) entry. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | undefined;
  /** Every language version of the page, itself included (a page with none has no `xhtml:link`). */
  alternates?: readonly SitemapAlternate[] | undefined;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML content and attributes (the protocol requires entity-escaped URLs). */
export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids outright are dropped rather than escaped: no entity can carry them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters XML forbids is the point
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function entryXml(tag: 'url' | 'sitemap', e: SitemapEntry): string {
  const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : '';
  const alternates = (e.alternates ?? []).map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`).join('');
  return `<${tag}><loc>${escapeXml(e.loc)}</loc>${lastmod}${alternates}</${tag}>`;
}

/** The urlset's opening, declaring the xhtml namespace its hreflang alternates use. */
export const URLSET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_TAIL = '</urlset>\n';
/** One `<url>` line of a urlset. */
export const urlLine = (e: SitemapEntry) => `  ${entryXml('url', e)}\n`;

/** A `<urlset>` document. */
export function renderUrlset(entries: readonly SitemapEntry[]): string {
  return `${URLSET_HEAD}${entries.map(urlLine).join('')}${URLSET_TAIL}`;
}

/** A `<sitemapindex>` document pointing at the parts. */
export function renderSitemapIndex(parts: readonly SitemapEntry[]): string {
  const body = parts.map((e) => `  ${entryXml('sitemap', e)}\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</sitemapindex>\n`;
}

/**
 * Cuts the entries, in order, into the fewest consecutive parts whose urlsets stay within both
 * limits (greedy: a part closes when the next URL would break one). A single URL too large for
 * any file on its own is an error: no split can serve it.
 */
export function splitForSitemaps(entries: readonly SitemapEntry[], limits: SitemapLimits): SitemapEntry[][] {
  const { maxUrls, maxBytes } = limits;
  if (!Number.isInteger(maxUrls) || maxUrls < 1) throw new RangeError(`maxUrls must be a positive integer, got ${maxUrls}`);
  const frame = Buffer.byteLength(URLSET_HEAD) + Buffer.byteLength(URLSET_TAIL);
  const parts: SitemapEntry[][] = [];
  let part: SitemapEntry[] = [];
  let bytes = frame;
  for (const e of entries) {
    const size = Buffer.byteLength(urlLine(e));
    if (frame + size > maxBytes) throw new RangeError(`a sitemap URL entry of ${size} bytes cannot fit in a file of ${maxBytes} bytes: ${e.loc.slice(0, 80)}`);
    if (part.length === maxUrls || bytes + size > maxBytes) {
      parts.push(part);
      part = [];
      bytes = frame;
    }
    part.push(e);
    bytes += size;
  }
  if (part.length > 0 || parts.length === 0) parts.push(part);
  return parts;
}

/** The newest lastmod of some entries, for an index entry's own lastmod. */
function newestLastmod(entries: readonly SitemapEntry[]): string | undefined {
  let best: string | undefined;
  for (const e of entries) if (e.lastmod && (!best || e.lastmod > best)) best = e.lastmod;
  return best;
}

/**
 * Every sitemap file by site path. When every URL fits in one file (at most `maxUrls` URLs and
 * `maxBytes` bytes): one `/sitemap.xml` urlset. Beyond that: `/sitemap.xml` is an index of
 * `/sitemap-1.xml` ... `/sitemap-N.xml`, each within both limits.
 */
export function buildSitemapFiles(entries: readonly SitemapEntry[], origin: string, limits: Partial<SitemapLimits> = {}): Map<string, string> {
  const parts = splitForSitemaps(entries, { maxUrls: limits.maxUrls ?? MAX_URLS_PER_SITEMAP, maxBytes: limits.maxBytes ?? MAX_SITEMAP_BYTES });
  if (parts.length === 1) return new Map([['/sitemap.xml', renderUrlset(parts[0] ?? [])]]);
  const files = new Map<string, string>();
  const index = parts.map((part, i) => {
    const path = `/sitemap-${i + 1}.xml`;
    files.set(path, renderUrlset(part));
    return { loc: `${origin}${path}`, lastmod: newestLastmod(part) };
  });
  files.set('/sitemap.xml', renderSitemapIndex(index));
  return files;
}
