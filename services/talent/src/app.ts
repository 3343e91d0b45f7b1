import type { Logger } from '@tm/shared';
import { SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import { Elysia } from 'elysia';
import { createInternalRoutes } from './profiles/internal-routes.ts';
import { TALENT_ERROR_STATUS } from './profiles/model.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { createProfileRoutes } from './profiles/routes.ts';

/** Everything the talent service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface TalentDeps {
  documents: DocumentStore;
  logger: Logger;
}

/** The talent service: public profile routes, internal routes for catalog and gateway, health. */
export function createApp(deps: TalentDeps) {
  const profiles = createProfileRepository(deps.documents);
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        service: 'talent',
        logger: deps.logger,
        errorStatus: TALENT_ERROR_STATUS,
        readiness: { documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind } },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Talent',
        description: 'Public profiles of project managers, field resources and experts, and the talent sitemap.',
        tags: [{ name: 'Talent', description: 'Project manager, field resource and expert profiles' }],
      }),
    )
    .use(createProfileRoutes(profiles))
    .use(createInternalRoutes(profiles));
}
