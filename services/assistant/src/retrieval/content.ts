import { checkedAnswer, type UpstreamClient } from '@tm/agent-tools';
import { type ContentPage, ContentPageSchema } from '@tm/contracts';
import type { Clock } from '@tm/shared';
import { t } from 'elysia';

/**
 * Published pages and FAQ from the content service (`GET /content/pages?type`, published only, in
 * the caller's language), checked against content's own contract (`ContentPageSchema`): an answer
 * that does not fit counts as content being away. Whenever content is away, retrieval is
 * catalog-only.
 */
export type PageView = ContentPage;
const PageList = t.Array(ContentPageSchema);

/** How long a language's pages are kept before they are read again (content publishes within 60 s too). */
const KEEP_MS = 60_000;
/** Pages read per type: a handful are seeded; more are not useful as chat context. */
const PAGE_LIMIT = 50;

export interface ContentReader {
  /** The published FAQ and pages in `lang`; [] when content is away (and `available` false). */
  pages(lang: string, requestId: string): Promise<{ pages: PageView[]; available: boolean }>;
}

/** Reads content's pages through the tools' service client, keeping each language's for a minute. */
export function createContentReader(upstream: UpstreamClient, clock: Clock): ContentReader {
  const kept = new Map<string, { at: number; pages: PageView[] }>();
  return {
    async pages(lang, requestId) {
      const known = kept.get(lang);
      if (known && clock.now() - known.at < KEEP_MS) return { pages: known.pages, available: true };
      const call = { requestId, lang };
      const answers = await Promise.all(
        ['faq', 'page'].map(async (type) =>
          checkedAnswer(await upstream.call<unknown>('content', '/content/pages', call, { query: { type, limit: PAGE_LIMIT } }), PageList, 'content'),
        ),
      );
      if (answers.some((a) => !a.ok)) return { pages: known?.pages ?? [], available: false };
      const pages = answers.flatMap((a) => (a.ok ? a.data : []));
      kept.set(lang, { at: clock.now(), pages });
      return { pages, available: true };
    },
  };
}
