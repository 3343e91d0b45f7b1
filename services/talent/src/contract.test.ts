import { describe, expect, it } from 'bun:test';
import { PmPreviewQuerySchema, PmPreviewSchema, StaffProfileSchema, TalentIndexEntrySchema } from '@tm/contracts';
import { silentLogger } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { declaredSchemas, envelopeData, itemsOf } from '@tm/shared/testing';
import { createApp } from './app.ts';

const app = createApp({ documents: createEmbeddedDocumentStore(), logger: silentLogger });

describe('talent answers with the contract', () => {
  it('declares the contract StaffProfile for every public profile route', () => {
    for (const path of ['/pm/:id/profile', '/resource/:id/profile', '/talent/:slug']) {
      expect(envelopeData(declaredSchemas(app, 'GET', path).response[200])).toBe(StaffProfileSchema);
    }
  });

  it('declares the contract PmPreview and its query for the previews the catalog reads', () => {
    const previews = declaredSchemas(app, 'GET', '/internal/pm-previews');
    expect(itemsOf(envelopeData(previews.response[200]))).toBe(PmPreviewSchema);
    expect(previews.query).toBe(PmPreviewQuerySchema);
  });

  it('declares the contract index entry for the talent index the gateway reads', () => {
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/internal/talent-index').response[200]))).toBe(TalentIndexEntrySchema);
  });
});
