import type { AgentTool } from '../tool.ts';
import createBooking from './create-booking.ts';
import createLead from './create-lead.ts';
import findTalent from './find-talent.ts';
import findTalentForService from './find-talent-for-service.ts';
import getService from './get-service.ts';
import getTalentProfile from './get-talent-profile.ts';
import listMarkets from './list-markets.ts';
import quoteCart from './quote-cart.ts';
import quoteService from './quote-service.ts';
import search from './search.ts';
import searchServices from './search-services.ts';

/**
 * Every agent tool, in the order agents see them. A new tool is one file beside this one
 * (`export default defineTool({...})`, its input shape in @tm/contracts/agent-tools) and one line
 * here; tools.test.ts fails when a file of this folder is not listed. Each host offers the tools
 * whose `hosts` name it.
 */
export const AGENT_TOOLS: readonly AgentTool[] = [
  search,
  searchServices,
  getService,
  quoteService,
  quoteCart,
  listMarkets,
  findTalentForService,
  findTalent,
  getTalentProfile,
  createBooking,
  createLead,
];
