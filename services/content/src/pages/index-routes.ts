import { type IndexTrailer, NDJSON, type PageIndexLine } from '@tm/contracts';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia } from 'elysia';
import type { ContentReadModel } from '../read-model/read-model.ts';

/**
 * GET /internal/page-index.ndjson: every published page, one line each, then the trailer line
 * (the indexes' contract in packages/contracts/src/indexes.ts), for the gateway's site files and
 * search. Prebuilt per snapshot with a strong ETag, so a reader that holds it gets a 304.
 */
export function createPageIndexRoutes(deps: { readModel: ContentReadModel }) {
  return new Elysia({ name: 'content-page-index' }).get('/internal/page-index.ndjson', async ({ request }) => {
    const snapshot = await deps.readModel.current();
    const answer = snapshot.answer('page-index', () => {
      const lines = snapshot.published.map((p) => {
        const line: PageIndexLine = {
          id: p._id,
          groupId: p.groupId,
          type: p.type,
          lang: p.lang,
          slug: p.slug,
          title: p.title,
          summary: p.summary,
          publishedAt: p.publishedAt ?? p.updatedAt,
          updatedAt: p.updatedAt,
          alternates: snapshot.published.filter((q) => q.groupId === p.groupId).map((q) => ({ lang: q.lang, slug: q.slug })),
        };
        return JSON.stringify(line);
      });
      const trailer: IndexTrailer = { end: true, count: lines.length };
      return `${[...lines, JSON.stringify(trailer)].join('\n')}\n`;
    });
    return answerPrebuilt(request, { ...answer, contentType: NDJSON });
  });
}
