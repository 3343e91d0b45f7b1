import { z } from 'zod';

/**
 * The agent tools' output shapes (their inputs are in inputs.ts): the API's answers reshaped for
 * agents, so not the services' shapes: every amount is integer minor units plus a formatted
 * string, links are absolute. Each tool's `structuredContent` is one of the `*Output` shapes.
 */

export const Money = z.object({
  amount: z.number().int().describe('Integer minor units (cents, paise, fils)'),
  currency: z.string().describe('ISO 4217 code'),
  formatted: z.string().describe('Decimal amount and currency, e.g. "9360.00 EUR"'),
});
export type Money = z.infer<typeof Money>;

export const ServicePricing = z.object({
  market: z.string(),
  currency: z.string(),
  hourlyRate: Money,
  defaultHours: z.number(),
  minHours: z.number().describe('Billing minimum: fewer hours are billed as this many'),
  estimatedAmount: Money.describe('hourlyRate x defaultHours, before tax'),
  taxName: z.string(),
  taxRateBasisPoints: z.number().int(),
});

export const ServiceSummary = z.object({
  id: z.string(),
  slug: z.string().describe('Pass this to quote_service, get_service or find_talent_for_service'),
  kind: z.string().describe('role = hire a person by the hour; project = scoped project delivery'),
  category: z.string(),
  name: z.string(),
  summary: z.string(),
  markets: z.array(z.string()).describe('Markets where it can be booked'),
  pricing: ServicePricing,
  url: z.string().describe('Public page'),
});
export type ServiceSummary = z.infer<typeof ServiceSummary>;

export const Availability = z.object({ status: z.string(), hoursPerWeek: z.number(), nextAvailableDate: z.string() });

export const PmPreview = z.object({
  id: z.string(),
  slug: z.string().describe('Pass this to get_talent_profile'),
  displayName: z.string(),
  headline: z.string(),
  rating: z.object({ count: z.number().int(), average: z.number() }).optional().describe('From published reviews on this site'),
  listedRating: z.number().describe('The rating the profile was listed with'),
  listedReviewCount: z.number().int(),
  availability: Availability,
  profileUrl: z.string().describe('Absolute URL of the profile page'),
});
export type PmPreview = z.infer<typeof PmPreview>;

export const ServiceDetail = ServiceSummary.extend({
  language: z.string().describe('Language the copy is in'),
  description: z.string(),
  inclusions: z.array(z.string()),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  availablePms: z.array(PmPreview),
  rating: z
    .object({ count: z.number().int(), average: z.number() })
    .optional()
    .describe('Published reviews of completed bookings: how many and their average (one decimal); absent before the first'),
});
export type ServiceDetail = z.infer<typeof ServiceDetail>;

export const QuoteLine = z.object({
  serviceId: z.string(),
  slug: z.string(),
  name: z.string(),
  hours: z.number().describe('Hours requested'),
  billedHours: z.number().describe('max(hours, minimum hours)'),
  qty: z.number().int(),
  unitAmount: Money.describe('Hourly rate'),
  amount: Money.describe('roundHalfUp(rate x billedHours) x qty'),
  minimumApplied: z.boolean(),
  note: z.string().optional(),
});

export const Quote = z.object({
  market: z.string(),
  currency: z.string(),
  lines: z.array(QuoteLine),
  subtotal: Money,
  tax: z.object({ name: z.string(), rateBasisPoints: z.number().int(), amount: Money }),
  total: Money.describe('subtotal + tax'),
  validUntil: z.string(),
  validForSeconds: z.number().int(),
});
export type Quote = z.infer<typeof Quote>;

export const MarketInfo = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  taxName: z.string(),
  taxBasisPoints: z.number().int().describe('1800 = 18 %'),
  taxPercent: z.string().describe('e.g. "18%"'),
  languages: z.array(z.string()).describe('Supported copy languages, default first'),
  isDefault: z.boolean(),
});
export type MarketInfo = z.infer<typeof MarketInfo>;

export const TalentProfile = z.object({
  id: z.string(),
  slug: z.string(),
  role: z.string().describe('pm (project manager), resource (field resource) or expert'),
  displayName: z.string(),
  headline: z.string(),
  bio: z.string(),
  skills: z.array(z.object({ name: z.string(), years: z.number() })),
  experience: z.array(z.object({ company: z.string(), title: z.string(), from: z.string(), to: z.string().nullable(), summary: z.string() })),
  languages: z.array(z.object({ code: z.string(), name: z.string(), proficiency: z.string() })),
  location: z.object({ market: z.string(), city: z.string() }),
  rating: z
    .object({ count: z.number().int(), average: z.number() })
    .optional()
    .describe('PMs: published reviews of completed bookings on this platform (count, average); absent before the first'),
  listedRating: z.number().describe('The rating the profile was listed with (imported, not from reviews here)'),
  listedReviewCount: z.number().int(),
  availability: Availability,
  services: z.array(z.string()).describe('Catalog service slugs this person delivers'),
  industries: z.array(z.string()).describe('Industries the person has worked in (fintech, retail, ...)'),
  profileUrl: z.string().describe('Absolute URL of the profile page'),
  updatedAt: z.string(),
});
export type TalentProfile = z.infer<typeof TalentProfile>;

/** search_services: one page of matches in one market and language. */
export const SearchServicesOutput = {
  market: z.string(),
  language: z.string(),
  total: z.number().int().describe('Matches in the whole catalog (results may be fewer, see limit)'),
  services: z.array(ServiceSummary),
};

/** find_talent_for_service: the service as resolved, and who can deliver it. */
export const TalentForServiceOutput = {
  service: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  talent: z.array(PmPreview),
};

/** list_markets: the market table. */
export const ListMarketsOutput = { defaultMarket: z.string(), markets: z.array(MarketInfo) };

/** One person as find_talent lists them: enough to choose, with the slug for get_talent_profile. */
export const TalentMatch = z.object({
  id: z.string(),
  slug: z.string().describe('Pass this to get_talent_profile'),
  role: z.string().describe('pm (project manager), resource (field resource) or expert'),
  displayName: z.string(),
  headline: z.string(),
  skills: z.array(z.string()),
  industries: z.array(z.string()),
  location: z.object({ market: z.string(), city: z.string() }),
  rating: z
    .object({ count: z.number().int(), average: z.number() })
    .optional()
    .describe('PMs: published reviews of completed bookings on this platform (count, average); absent before the first'),
  listedRating: z.number().describe('The rating the profile was listed with (imported, not from reviews here)'),
  listedReviewCount: z.number().int(),
  availability: Availability,
  profileUrl: z.string().describe('Absolute URL of the profile page'),
});
export type TalentMatch = z.infer<typeof TalentMatch>;

/** find_talent: how many match, and the best of them. */
export const FindTalentOutput = { total: z.number().int().describe('How many people match in all'), talent: z.array(TalentMatch) };

/** One result of the `search` tool: a service, a person or a page, best first. */
export const SearchResult = z.object({
  type: z
    .enum(['service', 'talent', 'page'])
    .describe('service: bookable service (follow up with get_service); talent: a person (get_talent_profile); page: a help page or article'),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.string().describe('Absolute link to the page a person opens'),
  score: z.number().describe('Relevance; higher is better'),
});
export type SearchResult = z.infer<typeof SearchResult>;

/** search: how many match in all, per type, and the best of them. */
export const SearchOutput = {
  total: z.number().int().describe('How many results match in all'),
  counts: z.object({ service: z.number().int(), talent: z.number().int(), page: z.number().int() }).describe('Matches per type'),
  results: z.array(SearchResult),
};

const HowToPay = z.object({
  steps: z.array(z.string()).describe('What the person does to pay, in order; an agent never completes a payment'),
  createPayment: z.object({ method: z.literal('POST'), url: z.string(), body: z.object({ bookingId: z.string() }) }),
  signInFirst: z.boolean().describe('True for a guest session: guests sign in (and claim the booking) before paying'),
});

/** create_booking: the booking made and how the person pays for it. */
export const BookingResult = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  market: z.string(),
  total: Money,
  expiresAt: z.string().describe('Unpaid by then, the booking expires'),
  lines: z.array(z.object({ slug: z.string(), name: z.string(), billedHours: z.number(), qty: z.number().int(), amount: Money })),
  howToPay: HowToPay,
});
export type BookingResult = z.infer<typeof BookingResult>;

/** create_lead: the lead stored (a second request with the same email or phone within 24 h joins the same lead). */
export const LeadResult = z.object({
  leadId: z.string(),
  next: z.string().describe('What happens now, to tell the person'),
});
export type LeadResult = z.infer<typeof LeadResult>;
