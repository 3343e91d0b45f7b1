import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DEFAULT_MARKET, MARKETS } from '@tm/contracts';
import { z } from 'zod';
import { toMarketInfo } from './mappers.ts';
import { renderMarkets, toolFailure, toolSuccess } from './render.ts';
import { MarketInfo } from './schemas.ts';
import { TOOLS } from './tool-catalog.ts';
import { TOOL_INPUTS } from './tool-inputs.ts';

/** list_markets: the shared market table, the same one every service prices with. */
export function registerMarketTools(server: McpServer): void {
  server.registerTool(
    'list_markets',
    {
      ...TOOLS.list_markets,
      inputSchema: TOOL_INPUTS.list_markets,
      outputSchema: { defaultMarket: z.string(), markets: z.array(MarketInfo) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ code }) => {
      const all = Object.values(MARKETS);
      const wanted = code?.trim().toUpperCase();
      const markets = (wanted ? all.filter((m) => m.code === wanted) : all).map((m) => toMarketInfo(m, DEFAULT_MARKET));
      if (markets.length === 0) return toolFailure('INVALID_COUNTRY', `Unknown market "${code}"; use one of ${all.map((m) => m.code).join(', ')}`);
      return toolSuccess({ defaultMarket: DEFAULT_MARKET, markets }, renderMarkets(markets));
    },
  );
}
