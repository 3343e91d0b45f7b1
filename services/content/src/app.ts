import { CONTENT_ERROR_STATUS } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { createAccountDataRoutes } from './account/routes.ts';

/** Everything the content service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface ContentDeps {
  documents: DocumentStore;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** METRICS_TOKEN: GET /metrics then answers only this bearer token (open on the service network without it). */
  metricsToken?: string | undefined;
  clock?: Clock;
}

/** The content service: legal documents and acceptances, localization bundles, pages and FAQ (design/content.md). Never reads the environment, never opens a connection. */
export function createApp(deps: ContentDeps) {
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        service: 'content',
        logger: deps.logger,
        errorStatus: CONTENT_ERROR_STATUS,
        telemetry: deps.telemetry,
        metrics: { token: deps.metricsToken, withoutToken: 'open' },
        readiness: { documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind } },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Content',
        description: 'Legal documents and their acceptances, localization bundles, pages and FAQ.',
        tags: [
          { name: 'Legal', description: 'Terms, privacy and refund documents per market, and their acceptances' },
          { name: 'Localization', description: 'Locales and message bundles' },
          { name: 'Content', description: 'Pages and FAQ' },
        ],
      }),
    )
    .use(createAccountDataRoutes());
}
