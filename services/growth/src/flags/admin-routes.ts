import { FlagHistoryEntrySchema, FlagInputSchema, FlagSchema } from '@tm/contracts';
import { type Clock, DomainError, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia, t } from 'elysia';
import { errorResponses } from '../http/errors.ts';
import { toFlag, toHistoryEntry } from './model.ts';
import type { FlagRepository } from './repository.ts';
import type { FlagSnapshot } from './snapshot.ts';
import { checkFlagInput, checkFlagKey } from './validate.ts';

const KeyParams = t.Object({ key: t.String() });
const FlagEnvelope = envelopeOf(FlagSchema, 'FlagEnvelope');
const doc = (operationId: string, summary: string, description: string) => ({ operationId, summary, description, tags: ['Flags'] });

/** The admin's flag routes: validate, call, map. Every change is recorded in the flag's history and reloaded into this process's snapshot at once. */
export function createFlagAdminRoutes(deps: { repo: FlagRepository; snapshot: FlagSnapshot; tokens: CallerVerifier; clock: Clock }) {
  const { repo, tokens } = deps;
  const now = () => new Date(deps.clock.now());
  const by = (c: { sub: string; role: string }) => ({ id: c.sub, role: c.role });
  const notFound = (key: string) => new DomainError('FLAG_NOT_FOUND', `No flag named ${key}`);

  return new Elysia({ name: 'flag-admin-routes' })
    .put(
      '/flags/:key',
      async ({ request, params, body, set }) => {
        const caller = await tokens.admin(request.headers.get('authorization'));
        const key = checkFlagKey(params.key);
        const { flag, created } = await repo.put(key, checkFlagInput(body), by(caller), now());
        await deps.snapshot.reload().catch(() => {});
        set.status = created ? 201 : 200;
        return ok(toFlag(flag));
      },
      {
        params: KeyParams,
        body: FlagInputSchema,
        // Checked here, before Elysia's own validation, so a bad flag is 400 INVALID_FLAG naming the problem.
        transform: ({ body }) => void checkFlagInput(body),
        response: { 200: FlagEnvelope, 201: FlagEnvelope, ...errorResponses(400, 401, 403) },
        detail: doc(
          'putFlag',
          'Create or replace a flag (admin)',
          'The whole flag: 201 when the key was new, 200 when it replaced a flag (its version goes up). 400 INVALID_FLAG names the first problem.',
        ),
      },
    )
    .get(
      '/flags',
      async ({ request }) => {
        await tokens.admin(request.headers.get('authorization'));
        return ok((await repo.all()).map(toFlag));
      },
      {
        response: { 200: envelopeOf(t.Array(FlagSchema), 'FlagListEnvelope'), ...errorResponses(401, 403) },
        detail: doc('listFlags', 'List the flags (admin)', 'Every flag with its rules, by key.'),
      },
    )
    .get(
      '/flags/:key',
      async ({ request, params }) => {
        await tokens.admin(request.headers.get('authorization'));
        const flag = await repo.find(checkFlagKey(params.key));
        if (!flag) throw notFound(params.key);
        return ok(toFlag(flag));
      },
      {
        params: KeyParams,
        response: { 200: FlagEnvelope, ...errorResponses(400, 401, 403, 404) },
        detail: doc('getFlag', 'Read a flag (admin)', 'The flag with its rules; 404 FLAG_NOT_FOUND.'),
      },
    )
    .delete(
      '/flags/:key',
      async ({ request, params }) => {
        const caller = await tokens.admin(request.headers.get('authorization'));
        const key = checkFlagKey(params.key);
        if (!(await repo.delete(key, by(caller), now()))) throw notFound(key);
        await deps.snapshot.reload().catch(() => {});
        return ok({ key, deleted: true as const });
      },
      {
        params: KeyParams,
        response: {
          200: envelopeOf(t.Object({ key: t.String(), deleted: t.Literal(true) }, { title: 'FlagDeleted' }), 'FlagDeletedEnvelope'),
          ...errorResponses(400, 401, 403, 404),
        },
        detail: doc('deleteFlag', 'Delete a flag (admin)', 'OFREP answers FLAG_NOT_FOUND for it from then on; its history is kept.'),
      },
    )
    .get(
      '/flags/:key/history',
      async ({ request, params }) => {
        await tokens.admin(request.headers.get('authorization'));
        return ok((await repo.historyOf(checkFlagKey(params.key))).map(toHistoryEntry));
      },
      {
        params: KeyParams,
        response: { 200: envelopeOf(t.Array(FlagHistoryEntrySchema), 'FlagHistoryEnvelope'), ...errorResponses(400, 401, 403) },
        detail: doc(
          'getFlagHistory',
          "A flag's audit history (admin)",
          'Every change (created, replaced, deleted), newest first, with who made it and the flag after it; kept after a deletion.',
        ),
      },
    );
}
