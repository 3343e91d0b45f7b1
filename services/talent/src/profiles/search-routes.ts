import { StaffProfileSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf, paginationLinks } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import type { TalentDirectory } from './directory.ts';
import { ErrorEnvelopeSchema } from './error-envelope.ts';
import type { ProfileRepository } from './repository.ts';
import { parseTalentSearch, TALENT_PAGE_LIMIT_MAX, TALENT_SEARCH_MAX, TALENT_SKILLS_MAX } from './search-input.ts';
import { toPublicProfile } from './view.ts';

const SEARCH_DESCRIPTION =
  'Finds talent among every active and indexable profile (project managers, field resources and experts). ' +
  '`search` is free text matched as the one search matches it (docs/search.md): each word must begin a word of the name, headline, skills, industries, role, city or service slugs, ' +
  'or be within a typo of one (1 edit from 5 letters, 2 from 9); stop words of en, hi, ar, de ("for", "के", "في", "für") are not required; short forms and transliterations count ("pm", "js", "डेवलपर"); ' +
  'case, accents, Arabic letter forms and digits of any script are folded. `role` is pm, resource or expert; `skills` is a comma-separated list of skill names, each of which the person must have; ' +
  '`industry` matches the industries a person lists (fintech, retail, healthcare, ...); `available=true` keeps people bookable now or soon (available or limited), `false` the unavailable. ' +
  'With `search`, results are ordered by relevance first (name and headline, then skills and industries, then the rest); otherwise, and among equally relevant people, best rated first by the Bayesian average of published reviews on this platform (reviews service; unrated people after rated ones), then bookable soonest, then slug (as GET /search ranks), and paged like GET /services: `page` (from 1) and `limit` (1-100, default 20), ' +
  'with `X-Total-Count` and an RFC 8288 `Link` header. Only public profile fields are returned (never contact data); a PM carries `rating {count, average}` from the same ratings the order used. ' +
  `Errors (400): INVALID_PAGE, INVALID_LIMIT, INVALID_SEARCH (over ${TALENT_SEARCH_MAX} characters), INVALID_ROLE, INVALID_SKILLS (over ${TALENT_SKILLS_MAX} skills), ` +
  'INVALID_INDUSTRY, INVALID_AVAILABLE (not true or false); each also for a parameter given twice. No login needed.';

/** GET /talent: talent search (the spec's Search area) over public profile fields. */
export function createTalentSearchRoutes(deps: { profiles: ProfileRepository; directory: TalentDirectory }) {
  const { profiles, directory } = deps;
  return new Elysia({ name: 'talent-search-routes' }).get(
    '/talent',
    async ({ request, set }) => {
      const url = new URL(request.url);
      const { query, page, limit } = parseTalentSearch(url.searchParams);
      const { ids, total } = await directory.page(query, (page - 1) * limit, limit);
      const found = await profiles.findActiveByIds(ids);
      set.headers['x-total-count'] = String(total);
      set.headers.link = paginationLinks(url, page, limit, total);
      // A PM's rating from the ratings index the order came from (no call per person).
      return ok(
        found.map((p) => {
          const rating = p.role === 'pm' ? directory.ratingOf(p._id) : undefined;
          return { ...toPublicProfile(p), ...(rating ? { rating } : {}) };
        }),
      );
    },
    {
      query: t.Object({
        search: t.Optional(t.String({ description: `Words to find (max ${TALENT_SEARCH_MAX} characters)` })),
        role: t.Optional(t.String({ description: 'pm, resource or expert' })),
        skills: t.Optional(t.String({ description: `Comma-separated skill names, all required (max ${TALENT_SKILLS_MAX})` })),
        industry: t.Optional(t.String({ description: 'An industry the person has worked in' })),
        available: t.Optional(t.String({ description: 'true or false' })),
        page: t.Optional(t.String({ description: 'Integer >= 1, default 1' })),
        limit: t.Optional(t.String({ description: `Integer 1-${TALENT_PAGE_LIMIT_MAX}, default 20` })),
      }),
      response: { 200: envelopeOf(t.Array(StaffProfileSchema), 'StaffProfileListEnvelope'), 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      detail: { operationId: 'searchTalent', summary: 'Search talent profiles', description: SEARCH_DESCRIPTION, tags: ['Talent', 'Search'] },
    },
  );
}
