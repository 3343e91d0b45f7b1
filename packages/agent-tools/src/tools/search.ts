import { Type } from '@sinclair/typebox';
import { SEARCH_TYPES, SearchHitSchema, type SearchType } from '@tm/contracts';
import { SearchOutput, type SearchResult, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { checkedAnswer } from '../contract-check.ts';
import { absoluteUrl } from '../mappers.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

const HitListSchema = Type.Array(SearchHitSchema);
const DEFAULT_LIMIT = 10;

/** The counts of search's `X-Facet-Type` header (`service=12, talent=3, page=1`); a type it leaves out is 0. */
export function facetCounts(header: string | null): Record<SearchType, number> {
  const counts: Record<SearchType, number> = { service: 0, talent: 0, page: 0 };
  for (const part of (header ?? '').split(',')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    const n = Number(value);
    if ((SEARCH_TYPES as readonly string[]).includes(name ?? '') && Number.isSafeInteger(n) && n >= 0) counts[name as SearchType] = n;
  }
  return counts;
}

function resultLine(r: SearchResult): string {
  const follow = r.type === 'service' ? 'get_service' : r.type === 'talent' ? 'get_talent_profile' : 'open the link';
  return `- [${r.type}] ${r.title} (${r.slug}): ${r.summary} — ${r.url} (${follow})`;
}

/** search: the one search's GET /search, services, people and pages by what the person typed. */
export default defineTool({
  name: 'search',
  title: 'Search services, people and pages',
  description:
    'One search over bookable services, people (project managers, field resources, experts) and help pages, by free text in English, Hindi, Arabic or German, ' +
    'exactly as the person said it: "PM for fintech", "kubernets engineer" (typos are fine), "पायथन डेवलपर", "مطور بايثون", "Projektleiter für Fintech". ' +
    'Best matches first (matched words, then title before summary, then rating, then availability), with per-type counts. ' +
    'Follow up with get_service (services), get_talent_profile (people) or quote_service; use find_talent or search_services to filter by role, skills or category.',
  input: TOOL_INPUTS.search,
  output: SearchOutput,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp'],
  async handle({ query, types, limit }, ctx) {
    const res = checkedAnswer(
      await ctx.upstream.call<unknown>('search', '/search', ctx.call, { query: { q: query, types: types?.join(','), limit: limit ?? DEFAULT_LIMIT } }),
      HitListSchema,
      'search',
    );
    if (!res.ok) return toolError(res.code, res.message);
    const results: SearchResult[] = res.data.map((h) => ({
      type: h.type,
      slug: h.slug,
      title: h.title,
      summary: h.summary,
      url: absoluteUrl(ctx.origin, h.url),
      score: h.score,
    }));
    const total = Number(res.headers.get('x-total-count') ?? results.length);
    const counts = facetCounts(res.headers.get('x-facet-type'));
    const out = { total: Number.isSafeInteger(total) ? total : results.length, counts, results };
    const text = results.length
      ? `${out.total} result(s) (services ${counts.service}, people ${counts.talent}, pages ${counts.page}); the best ${results.length}:\n${results.map(resultLine).join('\n')}`
      : 'Nothing matches. Try other or fewer words.';
    return toolAnswer(out, text);
  },
});
