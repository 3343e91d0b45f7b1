import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { UpstreamResult } from '../upstream.ts';
import type { ApiPmPreview, ApiProfile, ApiService } from './api-types.ts';
import type { ToolContext } from './context.ts';
import { toPmPreview, toTalentProfile } from './mappers.ts';
import { callServiceRoute, profileRefSegment } from './refs.ts';
import { renderPmLine, renderProfile, toolFailure, toolSuccess } from './render.ts';
import { PmPreview, ServiceRefInput, TalentProfile } from './schemas.ts';
import { TOOLS } from './tool-catalog.ts';

type Role = 'expert' | 'pm' | 'resource';

const PROFILE_PATHS: Record<Role, (ref: string) => string> = {
  expert: (ref) => `/talent/${ref}`,
  pm: (ref) => `/pm/${ref}/profile`,
  resource: (ref) => `/resource/${ref}/profile`,
};

/** find_talent_for_service and get_talent_profile: talent's /internal/pm-previews and public profile routes. */
export function registerTalentTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'find_talent_for_service',
    {
      ...TOOLS.find_talent_for_service,
      inputSchema: {
        service: ServiceRefInput,
        limit: z.number().int().min(1).max(10).optional().describe('How many people (1-10, default 3)'),
      },
      outputSchema: {
        service: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
        talent: z.array(PmPreview),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ service, limit }) => {
      // The catalog resolves an id or slug and says 404 for an unknown one; talent alone would answer an empty list.
      const svc = await callServiceRoute<ApiService>(ctx, service, '', ctx.call);
      if (!svc.ok) return toolFailure(svc.code, svc.message);
      const res = await ctx.upstream.call<ApiPmPreview[]>('talent', '/internal/pm-previews', ctx.call, { query: { service: svc.data.slug, limit } });
      if (!res.ok) return toolFailure(res.code, res.message);
      const talent = res.data.map((p) => toPmPreview(p, ctx.origin));
      const out = { service: { id: svc.data._id, slug: svc.data.slug, name: svc.data.name }, talent };
      const text = talent.length
        ? `People who can deliver ${svc.data.name} [${svc.data.slug}]:\n${talent.map((p) => `- ${renderPmLine(p)}`).join('\n')}`
        : `Nobody is listed for ${svc.data.name} [${svc.data.slug}] right now.`;
      return toolSuccess(out, text);
    },
  );

  server.registerTool(
    'get_talent_profile',
    {
      ...TOOLS.get_talent_profile,
      inputSchema: {
        slug: z.string().min(1).max(100).describe('Profile slug (or id), e.g. from find_talent_for_service'),
        role: z.enum(['expert', 'pm', 'resource']).optional().describe('Which kind of profile, when known'),
      },
      outputSchema: TalentProfile.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ slug, role }) => {
      const ref = profileRefSegment(slug);
      if (ref === undefined) return toolFailure('PROFILE_NOT_FOUND', 'No such profile');
      const order: Role[] = role ? [role] : ['expert', 'pm', 'resource'];
      let res: UpstreamResult<ApiProfile> | undefined;
      for (const r of order) {
        res = await ctx.upstream.call<ApiProfile>('talent', PROFILE_PATHS[r](ref), ctx.call);
        if (res.ok || res.status !== 404) break;
      }
      if (!res) return toolFailure('PROFILE_NOT_FOUND', 'No such profile');
      if (!res.ok) return toolFailure(res.code, res.message);
      const profile = toTalentProfile(res.data, ctx.origin);
      return toolSuccess(profile, renderProfile(profile));
    },
  );
}
