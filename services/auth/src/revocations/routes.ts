import { REVOCATIONS_PATH, RevocationFeedSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import type { AuthWiring } from '../wiring.ts';
import { readRevocations } from './feed.ts';

/**
 * The revocation feed for the gateways (internal: the gateway never routes /internal). It names
 * revoked session ids only, which are worthless to anyone holding no token of them.
 */
export function revocationRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:revocations' }).get(
    REVOCATIONS_PATH,
    async ({ query }) => ok(await readRevocations(s.repositories.sessions, query.since ?? 0, s.deps.clock.now())),
    {
      query: t.Object({ since: t.Optional(t.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 })) }),
      response: { 200: envelopeOf(RevocationFeedSchema, 'RevocationFeedEnvelope') },
      detail: { hide: true },
    },
  );
}
