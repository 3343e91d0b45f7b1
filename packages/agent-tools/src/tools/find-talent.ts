import type { StaffProfile } from '@tm/contracts';
import { FindTalentOutput, type TalentMatch, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { absoluteUrl } from '../mappers.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

function toMatch(p: StaffProfile, origin: string): TalentMatch {
  return {
    id: p.id,
    slug: p.slug,
    role: p.role,
    displayName: p.displayName,
    headline: p.headline,
    skills: p.skills.map((s) => s.name),
    industries: [...(p.industries ?? [])],
    location: { market: p.location.market, city: p.location.city },
    ...(p.rating ? { rating: { count: p.rating.count, average: p.rating.average } } : {}),
    listedRating: p.listedRating,
    listedReviewCount: p.listedReviewCount,
    availability: { status: p.availability.status, hoursPerWeek: p.availability.hoursPerWeek, nextAvailableDate: p.availability.nextAvailableDate },
    profileUrl: absoluteUrl(origin, p.profileUrl),
  };
}

function matchLine(m: TalentMatch): string {
  const industries = m.industries.length ? `; industries: ${m.industries.join(', ')}` : '';
  return `- ${m.displayName} [${m.slug}, ${m.role}] ${m.headline};${m.rating ? ` rated ${m.rating.average}/5 from ${m.rating.count} reviews here;` : ''} listed rating ${m.listedRating} (${m.listedReviewCount}); ${m.availability.status} from ${m.availability.nextAvailableDate}${industries}`;
}

/** find_talent: talent's GET /talent search, by text and filters in one call. */
export default defineTool({
  name: 'find_talent',
  title: 'Find talent',
  description:
    'Search people (project managers, field resources, experts) by text and filters in one call: "a PM for a fintech project" is ' +
    '{"role":"pm","industry":"fintech"} or just {"query":"PM for fintech"} (free text is matched as the one search matches it: typos, short forms, ' +
    'other scripts, "for"/"के"/"في"/"für" not required); "someone who knows Kubernetes, available now" is {"skills":["Kubernetes"],"available":true}. ' +
    'Best matches first (free text: most relevant first; then best rated by reviews here, then bookable soonest), with the listed rating, availability, skills, industries and profile link; follow up with get_talent_profile.',
  input: TOOL_INPUTS.find_talent,
  output: FindTalentOutput,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  async handle({ query, role, skills, industry, available, limit }, ctx) {
    const res = await ctx.upstream.call<StaffProfile[]>('talent', '/talent', ctx.call, {
      query: {
        search: query,
        role,
        skills: skills?.map((s) => s.replaceAll(',', ' ')).join(','),
        industry,
        available: available?.toString(),
        limit: limit ?? 5,
      },
    });
    if (!res.ok) return toolError(res.code, res.message);
    const talent = res.data.map((p) => toMatch(p, ctx.origin));
    const total = Number(res.headers.get('x-total-count') ?? talent.length);
    const text = talent.length
      ? `${total} ${total === 1 ? 'person matches' : 'people match'}; the best ${talent.length}:\n${talent.map(matchLine).join('\n')}`
      : 'Nobody matches; try fewer filters or other words.';
    return toolAnswer({ total, talent }, text);
  },
});
