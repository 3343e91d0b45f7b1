import { describe, expect, it } from 'bun:test';
import {
  AcceptLegalBodySchema,
  BundleStatusSchema,
  ContentPageSchema,
  CreateLegalVersionBodySchema,
  CreatePageBodySchema,
  LegalAcceptanceCheckSchema,
  LegalAcceptanceSchema,
  LegalDocumentSchema,
  LegalInEffectSchema,
  LegalVersionSchema,
  LocaleSchema,
  MessageBundleSchema,
  PendingLegalDocumentSchema,
  PublishedPageSchema,
  PutBundleBodySchema,
  RecordLegalAcceptanceBodySchema,
  UpdatePageBodySchema,
} from '@tm/contracts';
import { declaredSchemas, envelopeData, itemsOf } from '@tm/shared/testing';
import { createContentUnderTest } from './testing.ts';

const { app } = await createContentUnderTest();

describe('content answers and accepts the contract', () => {
  it('declares the legal shapes, public and internal', () => {
    expect(envelopeData(declaredSchemas(app, 'GET', '/legal/:type').response[200])).toBe(LegalDocumentSchema);
    expect(declaredSchemas(app, 'POST', '/legal/:type/versions').body).toBe(CreateLegalVersionBodySchema);
    expect(envelopeData(declaredSchemas(app, 'POST', '/legal/:type/versions').response[201])).toBe(LegalVersionSchema);
    expect(declaredSchemas(app, 'POST', '/legal/acceptances').body).toBe(AcceptLegalBodySchema);
    expect(envelopeData(declaredSchemas(app, 'POST', '/legal/acceptances').response[201])).toBe(LegalAcceptanceSchema);
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/legal/pending').response[200]))).toBe(PendingLegalDocumentSchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/internal/legal/:type/current').response[200])).toBe(LegalInEffectSchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/internal/legal/acceptance-checks').response[200])).toBe(LegalAcceptanceCheckSchema);
    expect(declaredSchemas(app, 'POST', '/internal/legal/acceptances').body).toBe(RecordLegalAcceptanceBodySchema);
  });

  it('declares the localization shapes', () => {
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/i18n/locales').response[200]))).toBe(LocaleSchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/i18n/:lang/:namespace').response[200])).toBe(MessageBundleSchema);
    expect(declaredSchemas(app, 'PUT', '/i18n/:lang/:namespace').body).toBe(PutBundleBodySchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/i18n/:lang/:namespace/status').response[200])).toBe(BundleStatusSchema);
  });

  it('declares the page shapes the assistant and the site files read', () => {
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/content/pages').response[200]))).toBe(ContentPageSchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/content/pages/:ref').response[200])).toBe(PublishedPageSchema);
    expect(declaredSchemas(app, 'POST', '/content/pages').body).toBe(CreatePageBodySchema);
    expect(declaredSchemas(app, 'PATCH', '/content/pages/:ref').body).toBe(UpdatePageBodySchema);
  });
});
