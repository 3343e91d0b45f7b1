import { DEFAULT_MARKET, MARKETS } from '@tm/contracts';
import { ListMarketsOutput, TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { toMarketInfo } from '../mappers.ts';
import { renderMarkets } from '../render.ts';
import { defineTool, toolAnswer, toolError } from '../tool.ts';

/** list_markets: the shared market table, the same one every service prices with. */
export default defineTool({
  name: 'list_markets',
  title: 'List markets',
  description:
    'The markets prices are given in: code (IN, AE, DE, US, AU), currency, tax name and rate, and languages. Pass `code` for one market. ' +
    'Use the code as `market` in the other tools (default IN).',
  input: TOOL_INPUTS.list_markets,
  output: ListMarketsOutput,
  annotations: { readOnlyHint: true, openWorldHint: false },
  hosts: ['mcp', 'assistant'],
  async handle({ code }) {
    const all = Object.values(MARKETS);
    const wanted = code?.trim().toUpperCase();
    const markets = (wanted ? all.filter((m) => m.code === wanted) : all).map((m) => toMarketInfo(m, DEFAULT_MARKET));
    if (markets.length === 0) return toolError('INVALID_COUNTRY', `Unknown market "${code}"; use one of ${all.map((m) => m.code).join(', ')}`);
    return toolAnswer({ defaultMarket: DEFAULT_MARKET, markets }, renderMarkets(markets));
  },
});
