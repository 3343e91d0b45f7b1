import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { PmPreviewSchema, ServiceSchema, type StaffProfile, StaffProfileSchema, type TalentRole } from '@tm/contracts';
import { t } from 'elysia';
import { z } from 'zod';
import { checkedAnswer } from '../contract-check.ts';
import type { UpstreamResult } from '../upstream.ts';
import type { ToolContext } from './context.ts';
import { toPmPreview, toTalentProfile } from './mappers.ts';
import { callServiceRoute, profileRefSegment } from './refs.ts';
import { renderPmLine, renderProfile, toolFailure, toolSuccess } from './render.ts';
import { PmPreview, TalentProfile } from './schemas.ts';
import { TOOLS } from './tool-catalog.ts';
import { TOOL_INPUTS } from './tool-inputs.ts';

const PmPreviewListSchema = t.Array(PmPreviewSchema);

const PROFILE_PATHS: Record<TalentRole, (ref: string) => string> = {
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
      inputSchema: TOOL_INPUTS.find_talent_for_service,
      outputSchema: {
        service: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
        talent: z.array(PmPreview),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ service, limit }) => {
      // The catalog resolves an id or slug and says 404 for an unknown one; talent alone would answer an empty list.
      const svc = await callServiceRoute(ctx, service, '', ctx.call, ServiceSchema);
      if (!svc.ok) return toolFailure(svc.code, svc.message);
      const res = checkedAnswer(
        await ctx.upstream.call<unknown>('talent', '/internal/pm-previews', ctx.call, { query: { service: svc.data.slug, limit } }),
        PmPreviewListSchema,
        'talent',
      );
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
      inputSchema: TOOL_INPUTS.get_talent_profile,
      outputSchema: TalentProfile.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ slug, role }) => {
      const ref = profileRefSegment(slug);
      if (ref === undefined) return toolFailure('PROFILE_NOT_FOUND', 'No such profile');
      const order: TalentRole[] = role ? [role] : ['expert', 'pm', 'resource'];
      let res: UpstreamResult<StaffProfile> | undefined;
      for (const r of order) {
        res = checkedAnswer(await ctx.upstream.call<unknown>('talent', PROFILE_PATHS[r](ref), ctx.call), StaffProfileSchema, 'talent');
        if (res.ok || res.status !== 404) break;
      }
      if (!res) return toolFailure('PROFILE_NOT_FOUND', 'No such profile');
      if (!res.ok) return toolFailure(res.code, res.message);
      const profile = toTalentProfile(res.data, ctx.origin);
      return toolSuccess(profile, renderProfile(profile));
    },
  );
}
