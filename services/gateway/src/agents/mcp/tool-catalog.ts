/**
 * Names and descriptions of the MCP tools, in one place: registration uses them and /agent.txt
 * lists them, so the two can never disagree.
 */
export const TOOLS = {
  search_services: {
    title: 'Search services',
    description:
      'Search the catalog of bookable services (hire-a-role by the hour, or project delivery) by free text, category, market and language. ' +
      'Returns each match with its slug, hourly rate and default/minimum hours in the market currency. ' +
      'Use it when you only know what the user wants in words; then pass a slug to quote_service or get_service. ' +
      'Categories: frontend, backend, mobile, data-ai, cloud-devops, design, quality, security, product-delivery.',
  },
  get_service: {
    title: 'Get a service',
    description:
      'One service by id or slug: description, inclusions, FAQ, price in the market (hourly rate, default and minimum hours, tax) and up to 3 available project managers. ' +
      'Copy is localized by `language` (en, hi, ar, de).',
  },
  quote_service: {
    title: 'Quote one service',
    description:
      'Price one service for some hours (and qty people/deliveries) in a market, tax included. Accepts the service SLUG directly, so one call answers ' +
      '"price 120 hours of a React developer in Germany": {"service":"react-developer","hours":120,"market":"DE"}. ' +
      'Role slugs are the role in kebab case (react-developer, node-backend-developer, python-django-developer, devops-engineer, ui-ux-designer, ...); ' +
      'if unsure of the slug, call search_services first (two calls at most). Hours default to the service default; fewer hours than the minimum are billed at the minimum (minimumApplied). ' +
      'Amounts are integer minor units plus a formatted string.',
  },
  quote_cart: {
    title: 'Quote a cart',
    description:
      'Combined quote for several services (1-50 items of {serviceId: id or slug, hours, qty}) in one market, with one tax line and a total. ' +
      'Unknown services or a service not offered in the market make the whole cart an error naming the item.',
  },
  list_markets: {
    title: 'List markets',
    description:
      'The markets prices are given in: code (IN, AE, DE, US, AU), currency, tax name and rate, and languages. Pass `code` for one market. ' +
      'Use the code as `market` in the other tools (default IN).',
  },
  find_talent_for_service: {
    title: 'Find talent for a service',
    description:
      'Project managers who can deliver a service (id or slug), available first and then best rated, with rating, availability and profile link. ' +
      'Follow up with get_talent_profile for the full profile.',
  },
  find_talent: {
    title: 'Find talent',
    description:
      'Search people (project managers, field resources, experts) by text and filters in one call: "a PM for a fintech project" is ' +
      '{"role":"pm","industry":"fintech"}; "someone who knows Kubernetes, available now" is {"skills":["Kubernetes"],"available":true}. ' +
      'Best matches first (bookable soonest, then best rated), with rating, availability, skills, industries and profile link; follow up with get_talent_profile.',
  },
  get_talent_profile: {
    title: 'Get a talent profile',
    description:
      'The public profile of an expert, project manager or field resource by slug (or id): headline, bio, skills with years, experience, languages, location, rating, availability and the services they deliver. ' +
      'Optionally pass role (expert, pm, resource) when known.',
  },
  create_booking: {
    title: 'Create a booking',
    description:
      'Books a cart (1-50 items of {serviceId: id or slug, hours, qty}) for the person whose bearer token the /mcp call carries (a customer or a guest session), priced by the catalog in the market. ' +
      'Answers the booking (number, total, expiry) and how the person pays for it; the agent never completes a payment. Send idempotencyKey when retrying.',
  },
} as const;

export type ToolName = keyof typeof TOOLS;
