import { Type } from '@sinclair/typebox';
import { PmPreviewSchema, ServiceSchema } from '@tm/contracts';
import { TalentForServiceOutput, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { checkedAnswer } from '../contract-check.ts';
import { toPmPreview } from '../mappers.ts';
import { callServiceRoute } from '../refs.ts';
import { renderPmLine } from '../render.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

const PmPreviewListSchema = Type.Array(PmPreviewSchema);

/** find_talent_for_service: the catalog resolves the service, talent's /internal/pm-previews lists who delivers it. */
export default defineTool({
  name: 'find_talent_for_service',
  title: 'Find talent for a service',
  description:
    'Project managers who can deliver a service (id or slug), available first and then best rated, with rating, availability and profile link. ' +
    'Follow up with get_talent_profile for the full profile.',
  input: TOOL_INPUTS.find_talent_for_service,
  output: TalentForServiceOutput,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  async handle({ service, limit }, ctx) {
    // The catalog resolves an id or slug and says 404 for an unknown one; talent alone would answer an empty list.
    const svc = await callServiceRoute(ctx, service, '', ctx.call, ServiceSchema);
    if (!svc.ok) return toolError(svc.code, svc.message);
    const res = checkedAnswer(
      await ctx.upstream.call<unknown>('talent', '/internal/pm-previews', ctx.call, { query: { service: svc.data.slug, limit } }),
      PmPreviewListSchema,
      'talent',
    );
    if (!res.ok) return toolError(res.code, res.message);
    const talent = res.data.map((p) => toPmPreview(p, ctx.origin));
    const out = { service: { id: svc.data._id, slug: svc.data.slug, name: svc.data.name }, talent };
    const text = talent.length
      ? `People who can deliver ${svc.data.name} [${svc.data.slug}]:\n${talent.map((p) => `- ${renderPmLine(p)}`).join('\n')}`
      : `Nobody is listed for ${svc.data.name} [${svc.data.slug}] right now.`;
    return toolAnswer(out, text);
  },
});
