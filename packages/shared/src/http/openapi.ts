import { openapi } from '@elysiajs/openapi';
import { t } from 'elysia';
import { HEALTH_PATH, READY_PATH } from '../core/health.ts';

/** The error envelope as a schema, for every operation's 4xx/5xx responses. */
export const ErrorEnvelopeSchema = t.Object(
  {
    success: t.Literal(false),
    error: t.Object({ code: t.String({ description: 'Stable machine-readable code' }), message: t.String() }),
  },
  { title: 'ErrorEnvelope' },
);

/**
 * Request headers described for the OpenAPI document only. Elysia would otherwise copy every
 * header of every request into an object, clean it and check it against the schema, which for
 * headers that are each optional text can never fail and cost the catalog 1-3 us per request
 * behind the gateway (a forwarded request carries six more headers than a bare one; see
 * docs/benchmarks.md, "Sixth pass"). The route reads and checks its own headers.
 */
export function documentedHeaders<P extends Parameters<typeof t.Object>[0]>(properties: P) {
  return t.Object(properties, { noValidate: true });
}

/** X-Country and X-Lang as the public reads describe them; each service resolves them itself (`resolveMarket`, `resolveLang`). */
export const LocaleHeadersSchema = documentedHeaders({
  'x-country': t.Optional(t.String({ description: 'Market: IN (default), AE, DE, US or AU, any letter case; anything else is 400 INVALID_COUNTRY' })),
  'x-lang': t.Optional(t.String({ description: 'BCP-47 language (en, hi, ar, de); unsupported or absent falls back to en' })),
});

/** The success envelope around `data`. */
export function envelopeOf<S extends Parameters<typeof t.Object>[0][string]>(data: S, title?: string) {
  return t.Object({ success: t.Literal(true), data }, title ? { title } : {});
}

/**
 * Each service describes its own routes with @elysiajs/openapi (OpenAPI 3.0.3, spec at
 * /openapi/json, no UI); the gateway merges these parts into the public /openapi.json.
 * Health and internal routes stay out of the public description.
 */
export function serviceOpenApi(options: {
  title: string;
  description: string;
  tags: { name: string; description: string }[];
  /** Named component schemas (e.g. Booking, Payment) clients can refer to by name. */
  schemas?: Record<string, unknown>;
}) {
  return openapi({
    path: '/openapi',
    specPath: '/openapi/json',
    openapiVersion: '3.0.3',
    provider: null,
    documentation: {
      info: { title: options.title, version: '1.0.0', description: options.description },
      tags: options.tags,
      ...(options.schemas ? { components: { schemas: options.schemas as never } } : {}),
    },
    exclude: { paths: [HEALTH_PATH, READY_PATH, /^\/internal\//, /^\/\.well-known\//] },
  });
}
