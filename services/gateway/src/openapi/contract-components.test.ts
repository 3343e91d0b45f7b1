import { beforeAll, describe, expect, it } from 'bun:test';
import { QuoteSchema } from '@tm/contracts';
import { CONTRACT_COMPONENTS, referenceContractSchemas } from './contract-components.ts';
import { buildServedOpenApi } from './testing/served-document.ts';

type Json = Record<string, any>;

let doc: Json;
beforeAll(async () => {
  doc = (await buildServedOpenApi()) as Json;
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const op = (path: string, method: string) => doc.paths[path][method];
const dataOf = (path: string, method: string) => op(path, method).responses['200'].content['application/json'].schema.properties.data;
const bodyOf = (path: string, method: string) => op(path, method).requestBody.content['application/json'].schema;

describe('the served OpenAPI document names the contract shapes', () => {
  it('holds a named component for each contract shape', () => {
    const names = ['Quote', 'QuoteLine', 'Service', 'ServicePricing', 'CatalogEntry', 'CartItem', 'PricingRequest', 'StaffProfile', 'PmPreview'];
    const auth = ['AuthSession', 'AccessToken', 'SendOtpRequest', 'VerifyOtpRequest', 'VerifyWidgetTokenRequest', 'StaffPasswordLoginRequest'];
    const more = ['IdpSignInRequest', 'RefreshSessionRequest', 'ForgotPasswordRequest', 'ResetPasswordRequest', 'ChangePasswordRequest'];
    for (const name of [...names, ...auth, ...more]) expect(doc.components.schemas[name]).toEqual(CONTRACT_COMPONENTS[name] as Json);
  });

  it('refers to them from the operations instead of repeating them', () => {
    expect(dataOf('/services/{id}/quote', 'get')).toEqual(ref('Quote'));
    expect(dataOf('/jobs/pricing', 'post')).toEqual(ref('Quote'));
    expect(bodyOf('/jobs/pricing', 'post')).toEqual(ref('PricingRequest'));
    expect(dataOf('/services/{id}', 'get')).toEqual(ref('Service'));
    expect(dataOf('/services', 'get').items).toEqual(ref('Service'));
    expect(dataOf('/services/catalog', 'get').items).toEqual(ref('CatalogEntry'));
    for (const path of ['/pm/{id}/profile', '/resource/{id}/profile', '/talent/{slug}']) expect(dataOf(path, 'get')).toEqual(ref('StaffProfile'));
    for (const path of ['/auth/verify-otp', '/auth/staff-password-login', '/auth/idp-signin', '/auth/guest-access']) {
      expect(dataOf(path, 'post')).toEqual(ref('AuthSession'));
    }
    expect(dataOf('/auth/refresh', 'post')).toEqual(ref('AccessToken'));
    expect(bodyOf('/auth/send-otp', 'post')).toEqual(ref('SendOtpRequest'));
  });

  it('nests components by reference too (a Quote names its QuoteLine, a Service its PM previews)', () => {
    expect(doc.components.schemas.Quote.properties.lines.items).toEqual(ref('QuoteLine'));
    expect(doc.components.schemas.Service.properties.availablePms.items).toEqual(ref('PmPreview'));
    expect(doc.components.schemas.PricingRequest.properties.items.items).toEqual(ref('CartItem'));
  });

  it('says who may call each operation: bearer optional by default, bearer required where protected', () => {
    expect(doc.security).toEqual([{}, { bearerAuth: [] }]);
    expect(op('/account/me', 'get').security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('referenceContractSchemas', () => {
  it('leaves a schema that only borrows a contract title inline and reports it', () => {
    const impostor = { title: 'Quote', type: 'object', properties: { total: { type: 'string' } } };
    const reported: string[] = [];
    expect(referenceContractSchemas({ schema: impostor }, (t) => reported.push(t))).toEqual({ schema: impostor });
    expect(reported).toEqual(['Quote']);
  });

  it('is built from the contract object itself', () => {
    expect(Object.keys(CONTRACT_COMPONENTS.Quote?.properties as Json).sort()).toEqual(Object.keys(QuoteSchema.properties).sort());
  });
});
