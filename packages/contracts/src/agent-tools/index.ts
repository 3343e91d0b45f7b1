/**
 * @tm/contracts/agent-tools: the input and output shapes of the agent tools (MCP's /mcp and the
 * assistant). An entry point of its own because the shapes are zod (the MCP SDK takes zod): a
 * process that never runs a tool never loads them.
 */
export { CODED_MESSAGE, HoursInput, LanguageInput, MarketInput, QtyInput, ServiceRefInput, TOOL_INPUTS } from './inputs.ts';
export {
  Availability,
  BookingResult,
  FindTalentOutput,
  LeadResult,
  ListMarketsOutput,
  MarketInfo,
  Money,
  PmPreview,
  Quote,
  QuoteLine,
  SearchOutput,
  SearchResult,
  SearchServicesOutput,
  ServiceDetail,
  ServicePricing,
  ServiceSummary,
  TalentForServiceOutput,
  TalentMatch,
  TalentProfile,
} from './outputs.ts';
