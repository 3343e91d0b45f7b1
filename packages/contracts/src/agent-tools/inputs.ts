import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_IDEMPOTENCY_KEY_LENGTH, MAX_NOTES_LENGTH } from '../bookings.ts';
import { CATEGORIES, MAX_CART_ITEMS, MAX_HOURS, MAX_PAGE_LIMIT, MAX_QTY, MAX_SEARCH_LENGTH, MAX_SERVICE_ID_LENGTH } from '../catalog.ts';
import { DEFAULT_MARKET, MARKET_CODES } from '../markets.ts';
import { MAX_SEARCH_LIMIT, MAX_SEARCH_QUERY_LENGTH, SEARCH_TYPES } from '../search.ts';
import { MAX_PM_PREVIEWS, TALENT_ROLES } from '../talent.ts';

/**
 * The agent tools' input shapes: what an MCP client or a language model may send to a tool (zod,
 * because the MCP SDK takes zod; `z.toJSONSchema` gives the JSON Schema a model provider takes).
 * Built from the contract's limits so a tool accepts exactly what the API behind it does. A value
 * outside a bound fails with the API's own code as the message's prefix (`INVALID_HOURS: ...`),
 * which the tool layer answers as the tool error the API call would have produced.
 */

/** A message carrying the API's stable code, as tool errors show it: `CODE: text`. */
const coded = (code: string, text: string) => ({ error: `${code}: ${text}` });
/** The `CODE: ` prefix of a message built by `coded`. */
export const CODED_MESSAGE = /^[A-Z][A-Z_]+: /;

const MARKET_ERROR = coded('INVALID_COUNTRY', `market must be one of ${MARKET_CODES.join(', ')}`);
/** A market code; any letter case is taken (as X-Country takes it) and upper-cased, while the schema lists each code once. */
export const MarketInput = z
  .preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(MARKET_CODES, MARKET_ERROR))
  .describe(`Market code, any letter case: IN (India, INR), AE (UAE, AED), DE (Germany, EUR), US (USD), AU (AUD). Default ${DEFAULT_MARKET}.`);
export const LanguageInput = z.string().max(35).describe('BCP-47 language for the copy: en, hi, ar or de (others fall back to en). Default en.');

const SERVICE_ID_ERROR = coded('INVALID_SERVICE_ID', 'service must be a service id or slug');
export const ServiceRefInput = z
  .string(SERVICE_ID_ERROR)
  .min(1, SERVICE_ID_ERROR)
  .max(MAX_SERVICE_ID_LENGTH, SERVICE_ID_ERROR)
  .describe('Service id (24 hex) or slug, e.g. "react-developer", "mvp-build"');

const HOURS_ERROR = coded('INVALID_HOURS', `hours must be a number greater than 0 and at most ${MAX_HOURS}`);
/** Hours to price: > 0 and <= MAX_HOURS, as GET /services/{id}/quote and POST /jobs/pricing take them. */
export const HoursInput = z.number(HOURS_ERROR).gt(0, HOURS_ERROR).max(MAX_HOURS, HOURS_ERROR);

const QTY_ERROR = coded('INVALID_QTY', `qty must be an integer from 1 to ${MAX_QTY}`);
/** How many: an integer 1..MAX_QTY. */
export const QtyInput = z.number(QTY_ERROR).int(QTY_ERROR).min(1, QTY_ERROR).max(MAX_QTY, QTY_ERROR);

const SEARCH_ERROR = coded('INVALID_SEARCH', `query must be text of at most ${MAX_SEARCH_LENGTH} characters`);
const ONE_SEARCH_ERROR = coded('INVALID_SEARCH', `query must be text of 1-${MAX_SEARCH_QUERY_LENGTH} characters`);
const ONE_SEARCH_TYPES_ERROR = coded('INVALID_SEARCH_TYPES', `types must be a list of ${SEARCH_TYPES.join(', ')}`);
const ONE_SEARCH_LIMIT_ERROR = coded('INVALID_LIMIT', `limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}`);
const LIMIT_ERROR = coded('INVALID_LIMIT', `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`);
const CART_ERROR = coded('INVALID_CART', `items must be an array of 1 to ${MAX_CART_ITEMS} cart lines`);

/** The read-only tools' inputs, by tool name. */
const LOOKUP_INPUTS = {
  search_services: {
    query: z
      .string(SEARCH_ERROR)
      .max(MAX_SEARCH_LENGTH, SEARCH_ERROR)
      .optional()
      .describe(`Free text matched against names and descriptions (at most ${MAX_SEARCH_LENGTH} characters), e.g. "react", "kubernetes"`),
    category: z
      .string()
      .max(50)
      .optional()
      .describe(`One category: ${CATEGORIES.join(', ')}`),
    market: MarketInput.optional(),
    language: LanguageInput.optional(),
    limit: z
      .number(LIMIT_ERROR)
      .int(LIMIT_ERROR)
      .min(1, LIMIT_ERROR)
      .max(MAX_PAGE_LIMIT, LIMIT_ERROR)
      .optional()
      .describe(`How many results (1-${MAX_PAGE_LIMIT}, default 20)`),
  },
  get_service: { service: ServiceRefInput, market: MarketInput.optional(), language: LanguageInput.optional() },
  quote_service: {
    service: ServiceRefInput,
    hours: HoursInput.optional().describe(`Hours to price (> 0, at most ${MAX_HOURS}); default: the service default hours`),
    qty: QtyInput.optional().describe(`How many people or deliveries (1-${MAX_QTY}, default 1)`),
    market: MarketInput.optional(),
  },
  quote_cart: {
    items: z
      .array(
        z.object({
          serviceId: ServiceRefInput,
          hours: HoursInput.optional().describe(`Hours (> 0, at most ${MAX_HOURS}); default: the service default hours`),
          qty: QtyInput.optional().describe(`1-${MAX_QTY}, default 1`),
        }),
        CART_ERROR,
      )
      .min(1, CART_ERROR)
      .max(MAX_CART_ITEMS, CART_ERROR)
      .describe(`Cart lines, 1-${MAX_CART_ITEMS}`),
    market: MarketInput.optional(),
  },
  list_markets: {
    code: z
      .string()
      .max(10)
      .optional()
      .describe(`One market code (${MARKET_CODES.join(', ')}); omit for all`),
  },
  find_talent_for_service: {
    service: ServiceRefInput,
    limit: z.number().int().min(1).max(MAX_PM_PREVIEWS).optional().describe(`How many people (1-${MAX_PM_PREVIEWS}, default 3)`),
  },
  get_talent_profile: {
    slug: z.string().min(1).max(100).describe('Profile slug (or id), e.g. from find_talent_for_service'),
    role: z.enum(TALENT_ROLES).optional().describe('Which kind of profile, when known'),
  },
  find_talent: {
    query: z.string().max(100).optional().describe('Words to find in names, headlines, skills, industries and roles, e.g. "fintech", "kubernetes security"'),
    role: z.enum(TALENT_ROLES).optional().describe('pm = project manager, resource = field resource (developer, engineer), expert'),
    skills: z.array(z.string().min(1).max(60)).max(10).optional().describe('Skill names the person must all have, e.g. ["Scrum"]'),
    industry: z.string().max(60).optional().describe('An industry the person has worked in, e.g. fintech, retail, healthcare'),
    available: z.boolean().optional().describe('true: bookable now or soon; false: currently unavailable'),
    limit: z.number().int().min(1).max(20).optional().describe('How many people (1-20, default 5)'),
  },
  search: {
    query: z
      .string(ONE_SEARCH_ERROR)
      .min(1, ONE_SEARCH_ERROR)
      .max(MAX_SEARCH_QUERY_LENGTH, ONE_SEARCH_ERROR)
      .describe('What the person asked for, as they said it, in en, hi, ar or de: "PM for fintech", "kubernets", "पायथन डेवलपर"'),
    types: z
      .array(z.enum(SEARCH_TYPES, ONE_SEARCH_TYPES_ERROR))
      .min(1, ONE_SEARCH_TYPES_ERROR)
      .max(SEARCH_TYPES.length, ONE_SEARCH_TYPES_ERROR)
      .optional()
      .describe('Only these kinds of results: service, talent (people), page (help pages and articles); default all'),
    limit: z
      .number(ONE_SEARCH_LIMIT_ERROR)
      .int(ONE_SEARCH_LIMIT_ERROR)
      .min(1, ONE_SEARCH_LIMIT_ERROR)
      .max(MAX_SEARCH_LIMIT, ONE_SEARCH_LIMIT_ERROR)
      .optional()
      .describe(`How many results (1-${MAX_SEARCH_LIMIT}, default 10)`),
  },
} as const;

const NOTES_ERROR = coded('VALIDATION_FAILED', `notes must be text of at most ${MAX_NOTES_LENGTH} characters`);
const EMAIL_ERROR = coded('VALIDATION_FAILED', 'contactEmail must be an email address');
const KEY_ERROR = coded('INVALID_IDEMPOTENCY_KEY', `idempotencyKey must be 1-${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters`);

/** create_booking: the cart of quote_cart plus what POST /bookings takes besides. */
const CreateBookingInput = {
  items: LOOKUP_INPUTS.quote_cart.items,
  market: MarketInput.optional(),
  notes: z.string(NOTES_ERROR).max(MAX_NOTES_LENGTH, NOTES_ERROR).optional().describe('What the person wants done, for the project manager'),
  contactEmail: z.email(EMAIL_ERROR).max(MAX_EMAIL_LENGTH, EMAIL_ERROR).optional().describe('Where receipts go'),
  idempotencyKey: z
    .string(KEY_ERROR)
    .regex(new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`), KEY_ERROR)
    .optional()
    .describe('Send the same value when retrying, so a retry never books twice'),
};

const LEAD_ERROR = (field: string, rule: string) => coded('INVALID_LEAD', `${field} ${rule}`);
/** create_lead: what growth's POST /leads takes from a form, without the form's own anti-spam fields. */
const CreateLeadInput = {
  name: z
    .string(LEAD_ERROR('name', 'must be text'))
    .min(1, LEAD_ERROR('name', 'must be 1-100 characters'))
    .max(100, LEAD_ERROR('name', 'must be 1-100 characters'))
    .describe("The person's name, as they gave it"),
  email: z.email(LEAD_ERROR('email', 'must be an email address')).max(254, LEAD_ERROR('email', 'must be an email address')).describe('Where sales answers'),
  phone: z
    .string(LEAD_ERROR('phone', 'must be a phone number'))
    .max(32, LEAD_ERROR('phone', 'must be a phone number'))
    .optional()
    .describe('Phone in international form, e.g. +4915112345678 (optional)'),
  company: z.string().max(200, LEAD_ERROR('company', 'must be at most 200 characters')).optional(),
  service: ServiceRefInput.optional().describe('The service id or slug the need is about, when one fits'),
  need: z
    .string(LEAD_ERROR('need', 'must be text'))
    .min(10, LEAD_ERROR('need', 'must be 10-2000 characters'))
    .max(2000, LEAD_ERROR('need', 'must be 10-2000 characters'))
    .describe('What the person needs, in their words (10-2000 characters)'),
  budget: z.string().max(100, LEAD_ERROR('budget', 'must be at most 100 characters')).optional(),
  market: MarketInput.optional(),
  consentMarketing: z.boolean().optional().describe('true only when the person said yes to marketing mail; default false'),
};

/**
 * Every tool's input shape, by tool name. A new tool's shape is one more entry here (its bounds
 * built from the contract's limits, coded as above), used by its definition in @tm/agent-tools.
 */
export const TOOL_INPUTS = { ...LOOKUP_INPUTS, create_booking: CreateBookingInput, create_lead: CreateLeadInput } as const;
