import { silentLogger } from '@tm/shared';
import { ErrorEnvelopeSchema, envelopeOf, serviceBase, serviceOpenApi } from '@tm/shared/http';
import { Elysia, t } from 'elysia';

/**
 * Small stand-ins for the services' OpenAPI parts, written the way the services write theirs
 * (serviceBase + serviceOpenApi + t schemas), with the JSON-Schema-only keywords TypeBox emits
 * (const, examples, $id, records, tuples, null unions, numeric query strings) on purpose.
 */
const errors = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const Session = t.Object(
  {
    accessToken: t.String(),
    refreshToken: t.String(),
    tokenType: t.Literal('Bearer'),
    expiresIn: t.Integer({ examples: [900] }),
    user: t.Object({ id: t.String(), role: t.String() }),
  },
  { $id: 'AuthSession', title: 'AuthSession' },
);
const Profile = t.Object(
  { id: t.String(), headline: t.Union([t.String(), t.Null()]), rates: t.Record(t.String(), t.Number()), span: t.Tuple([t.String(), t.String()]) },
  { title: 'Profile' },
);

function base(service: string, description: string, tag: string) {
  return new Elysia()
    .use(serviceBase({ service, logger: silentLogger, errorStatus: {} }))
    .use(serviceOpenApi({ title: `${service} service`, description, tags: [{ name: tag, description: `${tag} operations` }] }));
}

const post = (operationId: string, body: Parameters<typeof t.Object>[0] | undefined, data: Parameters<typeof envelopeOf>[0]) => ({
  ...(body ? { body: t.Object(body) } : {}),
  response: { 200: envelopeOf(data), ...errors },
  detail: { operationId, summary: operationId, description: `${operationId} (fixture)`, tags: ['Auth'] },
});

/** An auth-like part: the nine auth operations, GET /account/me and an internal route. */
export function fixtureAuthApp() {
  const s = t.String();
  return base('auth', 'Auth fixture: sessions and logins.', 'Auth')
    .post('/auth/send-otp', () => ({ success: true as const, data: { sent: true } }), post('sendOtp', { mobile: s }, t.Object({ sent: t.Boolean() })))
    .post('/auth/verify-otp', () => null as never, post('verifyOtp', { mobile: s, otp: s }, Session))
    .post('/auth/verify-widget-token', () => null as never, post('verifyWidgetToken', { token: s }, Session))
    .post('/auth/staff-password-login', () => null as never, post('staffPasswordLogin', { identifier: s, password: s }, Session))
    .post('/auth/idp-signin', () => null as never, post('idpSignIn', { idToken: s }, Session))
    .post('/auth/guest-access', () => null as never, post('createGuestSession', undefined, Session))
    .post('/auth/refresh', () => null as never, post('refreshSession', { refreshToken: s }, t.Object({ accessToken: s })))
    .post('/auth/forgot-password', () => null as never, post('forgotPassword', { email: t.String({ format: 'email' }) }, t.Object({ sent: t.Boolean() })))
    .post(
      '/auth/reset-password',
      () => null as never,
      post('resetPassword', { token: s, newPassword: t.String({ minLength: 10 }) }, t.Object({ updated: t.Boolean() })),
    )
    .get('/account/me', () => null as never, {
      headers: t.Object({ authorization: t.String() }),
      response: { 200: envelopeOf(t.Object({ id: s, role: s })), 401: ErrorEnvelopeSchema },
      detail: { operationId: 'getMyAccount', summary: 'Me', description: 'The caller (fixture)', tags: ['Account'] },
    })
    .get('/internal/users', () => [], { detail: { operationId: 'internalUsers' } });
}

/** A catalog-like part: the five catalog operations with localization headers and numeric query strings. */
export function fixtureCatalogApp() {
  const country = { 'x-country': t.Optional(t.String()), 'x-lang': t.Optional(t.String()) };
  const Entry = t.Object({ _id: t.String(), slug: t.String(), name: t.String() }, { $id: 'CatalogEntry' });
  const Quote = t.Object({ currency: t.String(), total: t.Integer({ exclusiveMinimum: 0 }) }, { title: 'Quote' });
  const detail = (operationId: string, description = `${operationId} (fixture)`) => ({ operationId, summary: operationId, description, tags: ['Services'] });
  return base('catalog', 'Catalog fixture: prices are integer minor units.', 'Services')
    .model({ Quote })
    .get('/services', () => null as never, {
      headers: t.Object(country),
      query: t.Object({
        page: t.Optional(t.Numeric({ minimum: 1, default: 1 })),
        limit: t.Optional(t.Numeric({ minimum: 1, maximum: 100, default: 20 })),
        category: t.Optional(t.String()),
        search: t.Optional(t.String()),
      }),
      response: { 200: envelopeOf(t.Array(t.Object({ _id: t.String(), kind: t.Union([t.Literal('role'), t.Literal('project')]) }))), 400: ErrorEnvelopeSchema },
      detail: detail('listServices', 'Paginated; totals in X-Total-Count (fixture choice).'),
    })
    .get('/services/catalog', () => null as never, {
      headers: t.Object({ 'x-country': t.Optional(t.String()) }),
      response: { 200: envelopeOf(t.Array(Entry)), 400: ErrorEnvelopeSchema },
      detail: detail('listServiceCatalog'),
    })
    .get('/services/:id', () => null as never, {
      params: t.Object({ id: t.String() }),
      headers: t.Object(country),
      response: { 200: envelopeOf(t.Object({ _id: t.String(), faq: t.Array(t.String()) })), ...errors },
      detail: detail('getService'),
    })
    .get('/services/:id/quote', () => null as never, {
      params: t.Object({ id: t.String() }),
      query: t.Object({ hours: t.Optional(t.Numeric({ exclusiveMinimum: 0, maximum: 10000 })), qty: t.Optional(t.Numeric({ minimum: 1, maximum: 100 })) }),
      response: { 200: envelopeOf(Quote), ...errors },
      detail: detail('quoteService'),
    })
    .post('/jobs/pricing', () => null as never, {
      body: t.Object({ items: t.Array(t.Object({ serviceId: t.String(), hours: t.Number({ exclusiveMinimum: 0 }) }), { minItems: 1, maxItems: 50 }) }),
      response: { 200: envelopeOf(Quote), 400: ErrorEnvelopeSchema },
      detail: { ...detail('quoteJob'), tags: ['Pricing'] },
    })
    .get('/internal/service-index', () => [], { detail: { operationId: 'serviceIndex' } });
}

/** A talent-like part: the four talent operations, one with a schema named like one in catalog. */
export function fixtureTalentApp() {
  const detail = (operationId: string) => ({ operationId, summary: operationId, description: `${operationId} (fixture)`, tags: ['Talent'] });
  const id = { params: t.Object({ id: t.String() }) };
  return base('talent', 'Talent fixture: public profiles.', 'Talent')
    .model({ Quote: t.Object({ somethingElse: t.Boolean() }) })
    .get('/pm/:id/profile', () => null as never, { ...id, response: { 200: envelopeOf(Profile), 404: ErrorEnvelopeSchema }, detail: detail('getPmProfile') })
    .get('/resource/:id/profile', () => null as never, {
      ...id,
      response: { 200: envelopeOf(Profile), 404: ErrorEnvelopeSchema },
      detail: detail('getResourceProfile'),
    })
    .get('/talent/sitemap', () => null as never, { response: { 200: envelopeOf(t.Array(t.String())) }, detail: detail('listTalentSitemap') })
    .get('/talent/:slug', () => null as never, {
      params: t.Object({ slug: t.String() }),
      response: { 200: envelopeOf(Profile), 404: ErrorEnvelopeSchema },
      detail: detail('getTalentProfile'),
    });
}
