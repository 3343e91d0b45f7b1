import { BundleStatusSchema, I18nManifestSchema, LocaleSchema, MessageBundleSchema, PutBundleBodySchema, StoredBundleSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia, t } from 'elysia';
import type { CallerReader } from '../auth/caller.ts';
import { ErrorEnvelopeSchema } from '../http/error-envelope.ts';
import { guardWrite } from '../http/guard-write.ts';
import { LOCALES } from './locales.ts';
import { I18N_DOCS } from './route-docs.ts';
import { checkMessageKeys, type I18nDeps, manifest, readBundle, replaceBundle, requireLocale, statusOf } from './use-cases.ts';

const BundleParams = t.Object({ lang: t.String({ description: 'en, hi, ar or de' }), namespace: t.String({ description: 'common, checkout, errors, ...' }) });
const admin = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** Locales, bundles, the manifest, and the admin's writes and status report. */
export function createI18nRoutes(deps: I18nDeps & { callers: CallerReader }) {
  const { callers } = deps;
  return new Elysia({ name: 'content-i18n-routes' })
    .get('/i18n/locales', () => ok([...LOCALES]), { response: { 200: envelopeOf(t.Array(LocaleSchema)) }, detail: I18N_DOCS.locales })
    .get('/i18n/manifest', async ({ request }) => answerPrebuilt(request, await manifest(deps)), {
      response: { 200: envelopeOf(I18nManifestSchema) },
      detail: I18N_DOCS.manifest,
    })
    .get(
      '/i18n/:lang/:namespace',
      async ({ params, request }) => answerPrebuilt(request, await readBundle(deps, params.lang, params.namespace), { 'content-language': params.lang }),
      { params: BundleParams, response: { 200: envelopeOf(MessageBundleSchema), 404: ErrorEnvelopeSchema }, detail: I18N_DOCS.bundle },
    )
    .put(
      '/i18n/:lang/:namespace',
      async ({ params, request, body }) => {
        await callers.admin(request);
        return ok(await replaceBundle(deps, params.lang, params.namespace, body.messages));
      },
      {
        params: BundleParams,
        transform: async (ctx) => {
          await guardWrite(callers.admin, PutBundleBodySchema)(ctx);
          requireLocale(String((ctx.params as { lang?: unknown }).lang));
          // Elysia drops keys a record's pattern refuses before validation; a bad key is named here instead.
          checkMessageKeys((ctx.body as { messages?: unknown } | null)?.messages);
        },
        body: PutBundleBodySchema,
        response: { 200: envelopeOf(StoredBundleSchema), ...admin },
        detail: I18N_DOCS.put,
      },
    )
    .get(
      '/i18n/:lang/:namespace/status',
      async ({ params, request }) => {
        await callers.admin(request);
        return ok(await statusOf(deps, params.lang, params.namespace));
      },
      { params: BundleParams, response: { 200: envelopeOf(BundleStatusSchema), ...admin }, detail: I18N_DOCS.status },
    );
}
