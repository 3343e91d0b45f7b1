/**
 * The OpenAPI `detail` of each public operation. The descriptions are where the choices the
 * spec leaves open are written down for API users, so they are part of the contract.
 */
const PRICING_RULE =
  'Money is integer minor units (paise, fils, cents) of the market currency. Per line: billedHours = max(hours, minHours) ' +
  '(fewer hours than the minimum are billed at the minimum, with minimumApplied: true and a note, never a 400); ' +
  'amount = roundHalfUp(unitAmount x billedHours) x qty. subtotal = sum of line amounts; tax.amount = roundHalfUp(subtotal x rateBasisPoints / 10000); ' +
  'total = subtotal + tax.amount. roundHalfUp rounds halves away from zero. A quote is valid for 30 minutes (validUntil, validForSeconds).';

const LOCALE =
  'X-Country picks the market (IN default; AE, DE, US, AU; unknown -> 400 INVALID_COUNTRY). X-Lang picks the copy language ' +
  '(en, hi, ar, de; anything else falls back to en); the response says which in Content-Language and carries Vary: X-Country, X-Lang.';

export const LIST = {
  operationId: 'listServices',
  summary: 'List bookable services',
  tags: ['Services'],
  description:
    `Active services offered in the caller's market, in display order, priced in that market. ${LOCALE} ` +
    'Pagination: page (integer >= 1, default 1; else 400 INVALID_PAGE), limit (integer 1-100, default 20; else 400 INVALID_LIMIT). ' +
    "The envelope is exactly the spec's; the total count is in X-Total-Count and RFC 8288 links (first, prev, next, last) in Link, " +
    'as query-only relative references (<?page=2&limit=20>) that keep every other query parameter and resolve against the path you called. ' +
    'category must be one of frontend, backend, mobile, data-ai, cloud-devops, design, quality, security, product-delivery (unknown -> 400 INVALID_CATEGORY, not an empty list). ' +
    'search (at most 100 characters, else 400 INVALID_SEARCH) is a word search: every word of it must begin a word of the name or summary in the X-Lang language or in English ' +
    '(case, Latin accents, German ß and Arabic vowel marks and letter variants folded; punctuation only separates words; a search with no words matches nothing). ' +
    "Each query parameter may appear at most once: a repeat (?page=1&page=2) is a 400 with that parameter's code. " +
    'List items carry no availablePms: the list never calls the talent service per item; fetch a service to see PM previews.',
};

export const CATALOG = {
  operationId: 'listServiceCatalog',
  summary: 'Lightweight service list for pickers',
  tags: ['Services'],
  description:
    'Every active service offered in the X-Country market as exactly {_id, slug, name}, in display order, unpaginated. ' +
    'Names are English unless X-Lang asks for hi, ar or de (Content-Language says which). Unknown X-Country -> 400 INVALID_COUNTRY. ' +
    'Prebuilt per market and language: answered with a strong ETag, Cache-Control: public, no-cache and Vary: X-Country, X-Lang; a matching If-None-Match answers 304 with no body.',
};

export const DETAIL = {
  operationId: 'getService',
  summary: 'One service with pricing, inclusions, FAQ and PM previews',
  tags: ['Services'],
  description:
    `The path id is the 24-hex database id or the slug. ${LOCALE} pricing is the market's own hourly rate in its own currency. ` +
    'availablePms holds up to 3 project-manager previews from the talent service (available first, then best rated); when talent is down, ' +
    'failing or slower than its timeout the service still answers 200 with availablePms: []. ' +
    "Unknown or inactive service -> 404 SERVICE_NOT_FOUND; a service not offered in the caller's market -> 404 SERVICE_NOT_IN_MARKET; " +
    'a path id that cannot be decoded or is longer than 100 characters -> 400 INVALID_SERVICE_ID.',
};

export const QUOTE = {
  operationId: 'quoteService',
  summary: 'Price one service',
  tags: ['Pricing'],
  description:
    `A Quote with one line for the service in the caller's X-Country market. hours: number, 0 < hours <= 10000, default the service's defaultHours ` +
    '(else 400 INVALID_HOURS); qty: integer 1-100, default 1 (else 400 INVALID_QTY); either given twice -> 400 with its code. ' +
    `${PRICING_RULE} Line names follow X-Lang (English by default). ` +
    'Unknown service -> 404 SERVICE_NOT_FOUND; not offered in the market -> 404 SERVICE_NOT_IN_MARKET; undecodable path id -> 400 INVALID_SERVICE_ID; ' +
    'unknown X-Country -> 400 INVALID_COUNTRY.',
};

export const QUOTE_JOB = {
  operationId: 'quoteJob',
  summary: 'Price a cart of services',
  tags: ['Pricing'],
  description:
    "A combined Quote for {items: [{serviceId, hours?, qty?}]}, priced in the caller's X-Country market (default IN); no login needed. " +
    'serviceId is the id or the slug. items: 1-50 lines (else 400 INVALID_CART); hours and qty as in quoteService (400 INVALID_HOURS / INVALID_QTY); ' +
    'a body that is not an object -> 400 INVALID_BODY; a field other than items / serviceId / hours / qty -> 400 UNKNOWN_FIELD; ' +
    'a missing or non-string serviceId -> 400 INVALID_SERVICE_ID; malformed JSON -> 400 MALFORMED_JSON. ' +
    'An unknown or inactive service -> 400 UNKNOWN_SERVICE; a service not offered in the market -> 400 SERVICE_NOT_OFFERED (the message names the item). ' +
    'Lines keep the request order; the same service twice gives two lines (nothing is merged: the rule makes merged and separate lines cost the same). ' +
    PRICING_RULE,
};
