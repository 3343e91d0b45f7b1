import { describe, expect, it } from 'bun:test';
import { CartSchema, CatalogEntrySchema, QuoteSchema, ServiceIndexEntrySchema, ServiceSchema } from '@tm/contracts';
import { declaredSchemas, envelopeData, itemsOf } from '@tm/shared/testing';
import { createTestCatalog } from './test-support.ts';

const { app } = await createTestCatalog();

describe('the catalog answers with the contract', () => {
  it('declares the contract Service for the list and the detail', () => {
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/services').response[200]))).toBe(ServiceSchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/services/:id').response[200])).toBe(ServiceSchema);
  });

  it('declares the contract CatalogEntry for the picker list', () => {
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/services/catalog').response[200]))).toBe(CatalogEntrySchema);
  });

  it('declares the contract Quote for both quotes and takes the contract cart as the pricing body', () => {
    expect(envelopeData(declaredSchemas(app, 'GET', '/services/:id/quote').response[200])).toBe(QuoteSchema);
    const pricing = declaredSchemas(app, 'POST', '/jobs/pricing');
    expect(envelopeData(pricing.response[200])).toBe(QuoteSchema);
    expect(pricing.body).toBe(CartSchema);
  });

  it('declares the contract index entry for the service index the gateway reads', () => {
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/internal/service-index').response[200]))).toBe(ServiceIndexEntrySchema);
  });
});
