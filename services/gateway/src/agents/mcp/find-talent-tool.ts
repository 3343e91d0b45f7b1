import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StaffProfile } from '@tm/contracts';
import { z } from 'zod';
import type { ToolContext } from './context.ts';
import { absoluteUrl } from './mappers.ts';
import { toolFailure, toolSuccess } from './render.ts';
import { Availability } from './schemas.ts';
import { TOOLS } from './tool-catalog.ts';

/** One person as find_talent lists them: enough to choose, with the slug for get_talent_profile. */
const TalentMatch = z.object({
  id: z.string(),
  slug: z.string().describe('Pass this to get_talent_profile'),
  role: z.string().describe('pm (project manager), resource (field resource) or expert'),
  displayName: z.string(),
  headline: z.string(),
  skills: z.array(z.string()),
  industries: z.array(z.string()),
  location: z.object({ market: z.string(), city: z.string() }),
  rating: z.number(),
  reviewCount: z.number().int(),
  availability: Availability,
  profileUrl: z.string().describe('Absolute URL of the profile page'),
});
type TalentMatch = z.infer<typeof TalentMatch>;

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
    rating: p.rating,
    reviewCount: p.reviewCount,
    availability: { status: p.availability.status, hoursPerWeek: p.availability.hoursPerWeek, nextAvailableDate: p.availability.nextAvailableDate },
    profileUrl: absoluteUrl(origin, p.profileUrl),
  };
}

function matchLine(m: TalentMatch): string {
  const industries = m.industries.length ? `; industries: ${m.industries.join(', ')}` : '';
  return `- ${m.displayName} [${m.slug}, ${m.role}] ${m.headline}; rated ${m.rating} (${m.reviewCount}); ${m.availability.status} from ${m.availability.nextAvailableDate}${industries}`;
}

/** find_talent: GET /talent (talent search) by text and filters, in one call. */
export function registerFindTalentTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'find_talent',
    {
      ...TOOLS.find_talent,
      inputSchema: {
        query: z
          .string()
          .max(100)
          .optional()
          .describe('Words to find in names, headlines, skills, industries and roles, e.g. "fintech", "kubernetes security"'),
        role: z.enum(['pm', 'resource', 'expert']).optional().describe('pm = project manager, resource = field resource (developer, engineer), expert'),
        skills: z.array(z.string().min(1).max(60)).max(10).optional().describe('Skill names the person must all have, e.g. ["Scrum"]'),
        industry: z.string().max(60).optional().describe('An industry the person has worked in, e.g. fintech, retail, healthcare'),
        available: z.boolean().optional().describe('true: bookable now or soon; false: currently unavailable'),
        limit: z.number().int().min(1).max(20).optional().describe('How many people (1-20, default 5)'),
      },
      outputSchema: { total: z.number().int().describe('How many people match in all'), talent: z.array(TalentMatch) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, role, skills, industry, available, limit }) => {
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
      if (!res.ok) return toolFailure(res.code, res.message);
      const talent = res.data.map((p) => toMatch(p, ctx.origin));
      const total = Number(res.headers.get('x-total-count') ?? talent.length);
      const text = talent.length
        ? `${total} ${total === 1 ? 'person matches' : 'people match'}; the best ${talent.length}:\n${talent.map(matchLine).join('\n')}`
        : 'Nobody matches; try fewer filters or other words.';
      return toolSuccess({ total, talent }, text);
    },
  );
}
