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
