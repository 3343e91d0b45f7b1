import { type StaffProfile, StaffProfileSchema, type TalentRole } from '@tm/contracts';
import { TalentProfile, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { checkedAnswer } from '../contract-check.ts';
import { toTalentProfile } from '../mappers.ts';
import { profileRefSegment } from '../refs.ts';
import { renderProfile } from '../render.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';
import type { UpstreamResult } from '../upstream.ts';

const PROFILE_PATHS: Record<TalentRole, (ref: string) => string> = {
  expert: (ref) => `/talent/${ref}`,
  pm: (ref) => `/pm/${ref}/profile`,
  resource: (ref) => `/resource/${ref}/profile`,
};

/** get_talent_profile: talent's public profile routes, tried in turn when the role is not given. */
export default defineTool({
  name: 'get_talent_profile',
  title: 'Get a talent profile',
  description:
    'The public profile of an expert, project manager or field resource by slug (or id): headline, bio, skills with years, experience, languages, location, rating, availability and the services they deliver. ' +
    'Optionally pass role (expert, pm, resource) when known.',
  input: TOOL_INPUTS.get_talent_profile,
  output: TalentProfile.shape,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  async handle({ slug, role }, ctx) {
    const ref = profileRefSegment(slug);
    if (ref === undefined) return toolError('PROFILE_NOT_FOUND', 'No such profile');
    const order: TalentRole[] = role ? [role] : ['expert', 'pm', 'resource'];
    let res: UpstreamResult<StaffProfile> | undefined;
    for (const r of order) {
      res = checkedAnswer(await ctx.upstream.call<unknown>('talent', PROFILE_PATHS[r](ref), ctx.call), StaffProfileSchema, 'talent');
      if (res.ok || res.status !== 404) break;
    }
    if (!res) return toolError('PROFILE_NOT_FOUND', 'No such profile');
    if (!res.ok) return toolError(res.code, res.message);
    const profile = toTalentProfile(res.data, ctx.origin);
    return toolAnswer(profile, renderProfile(profile));
  },
});
