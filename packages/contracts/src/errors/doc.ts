import { ERROR_TABLES, type ErrorTableName } from './registry.ts';

/** Who answers each table's codes, for the document's headings. */
const ANSWERED_BY: Readonly<Record<ErrorTableName, string>> = {
  common: 'Common codes (any service and the gateway)',
  auth: 'Auth (`/api/auth/*`, `/api/account/*`)',
  catalog: 'Catalog (`/api/services*`, `/api/jobs/pricing`)',
  talent: 'Talent (`/api/pm/*`, `/api/resource/*`, `/api/talent/*`)',
  bookings: 'Bookings (`/api/bookings*`, `/api/payments*`)',
  messaging: 'Messaging (`/api/chat*`)',
  content: 'Content (`/api/legal*`, `/api/i18n*`, `/api/content*`)',
  reviews: 'Reviews (`/api/reviews*`)',
  search: 'Search (`/api/search*`)',
  growth: 'Growth (`/api/flags*`, `/api/experiments*`, `/api/track*`, `/api/consents*`, `/api/leads*`)',
  assistant: 'Assistant (`/api/chatbot*`)',
  gateway: 'Gateway (its own answers: proxy, `/openapi.json`, `/docs`, MCP tools)',
};

/**
 * The public changes made while unifying the codes: written here, so the generated document
 * carries them and a later reader knows which answers changed on purpose.
 */
const CHANGES = [
  '- **`UPSTREAM_INVALID` is gone; the failure is `UPSTREAM_ERROR` (502) everywhere.** A service answer that is not the ' +
    'envelope was `UPSTREAM_ERROR` on `/api` but `UPSTREAM_INVALID` in the MCP tools (`isError` results) and behind the ' +
    'site files (`/llms.txt`, `/sitemap.xml`, ...). One failure now has one code. An answer whose data breaks the ' +
    'contract is the same failure: `UPSTREAM_ERROR` too.',
  '- A service that sends its status line in time but stalls in the middle of its body is now `UPSTREAM_TIMEOUT` (504) in ' +
    'the MCP tools and site files, as on `/api`; it was reported as an unreadable answer (`UPSTREAM_INVALID`, 502).',
  '- Staff administration (auth, `POST /api/account/staff`) named a profile id with no active profile `PROFILE_NOT_FOUND` ' +
    'with status 400, while talent (and the MCP tools) answer `PROFILE_NOT_FOUND` with 404: that body-field failure is ' +
    '`UNKNOWN_PROFILE` (400), as the catalog names an unknown service in a cart `UNKNOWN_SERVICE`.',
  '- An error code a service has no status for can no longer become a silent 400: every code is in a table, and a code ' +
    "missing from the answering service's table is answered as a logged `INTERNAL` (500). No code in use was missing after " +
    '`UNSUPPORTED_CONTENT_TYPE` (auth, 400 as before) was listed.',
];

/** docs/error-codes.md, generated from the tables (`bun run docs:errors`); a test fails when the committed copy differs. */
export function renderErrorCodesDoc(): string {
  const sections = (Object.keys(ERROR_TABLES) as ErrorTableName[]).map((name) => {
    const rows = Object.entries(ERROR_TABLES[name] as Readonly<Record<string, number>>)
      .sort(([a, sa], [b, sb]) => sa - sb || a.localeCompare(b))
      .map(([code, status]) => [`\`${code}\``, String(status)] as const);
    return [`## ${ANSWERED_BY[name]}`, '', ...markdownTable(['Code', 'Status'], rows)].join('\n');
  });
  return [
    '<!-- Generated from packages/contracts/src/errors by `bun run docs:errors`. Do not edit by hand. -->',
    '',
    '# Error codes',
    '',
    'Every failure is answered as `{ "success": false, "error": { "code", "message" } }` with the status below. Codes are ' +
      'public API: they are added, never renamed or reused. Each process answers its own codes and the common ones; an ' +
      'answer relayed by the gateway keeps the code of the service that made it. The tables live in ' +
      '`packages/contracts/src/errors/<process>.ts` (registered in `registry.ts`), and the OpenAPI error envelope lists the ' +
      'same codes in `error.code`.',
    '',
    'Calls between processes (the shared service client, the `/api` proxy, the MCP tools, the site files) fail with three ' +
      'codes only: `UPSTREAM_UNAVAILABLE` (503: refused or down), `UPSTREAM_TIMEOUT` (504: no answer in time) and ' +
      '`UPSTREAM_ERROR` (502: an answer that is not the envelope, or whose data breaks the contract).',
    '',
    ...sections.flatMap((s) => [s, '']),
    '## Adding codes, or a service',
    '',
    '1. Add the code to the table of the process that answers it (`packages/contracts/src/errors/<process>.ts`), or, for a ' +
      'new service, create that file (`export const <SERVICE>_ERROR_STATUS = { ... } as const satisfies ErrorStatusTable`) and ' +
      'register it in `registry.ts` and `src/index.ts`.',
    '2. Pass the table to `serviceBase({ errorStatus })` and build the OpenAPI error responses with `errorEnvelopeSchema(table)`.',
    '3. Throw `new DomainError(code, message)`: the code is typed from the tables, so a misspelt one does not compile.',
    '4. Run `bun run docs:errors` and commit this file; add an `error-table.test.ts` like the other services have.',
    '',
    '## Changes made when the codes were unified',
    '',
    ...CHANGES,
    '',
  ].join('\n');
}

/** A table with padded columns, as the repository's formatter (Biome) writes Markdown tables. */
function markdownTable(head: readonly [string, string], rows: readonly (readonly [string, string])[]): string[] {
  const widths = [0, 1].map((i) => Math.max(3, ...[head, ...rows].map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}
