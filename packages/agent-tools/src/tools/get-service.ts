import { ServiceSchema } from '@tm/contracts';
import { ServiceDetail, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { localized } from '../context.ts';
import { toServiceDetail } from '../mappers.ts';
import { callServiceRoute } from '../refs.ts';
import { renderServiceDetail } from '../render.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

/** get_service: the catalog's GET /services/{id}. */
export default defineTool({
  name: 'get_service',
  title: 'Get a service',
  description:
    'One service by id or slug: description, inclusions, FAQ, price in the market (hourly rate, default and minimum hours, tax) and up to 3 available project managers. ' +
    'Copy is localized by `language` (en, hi, ar, de).',
  input: TOOL_INPUTS.get_service,
  output: ServiceDetail.shape,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  async handle({ service, market, language }, ctx) {
    const res = await callServiceRoute(ctx, service, '', localized(ctx, market, language), ServiceSchema);
    if (!res.ok) return toolError(res.code, res.message);
    const detail = toServiceDetail(res.data, ctx.origin);
    return toolAnswer(detail, renderServiceDetail(detail));
  },
});
