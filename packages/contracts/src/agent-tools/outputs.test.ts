import { describe, expect, it } from 'bun:test';
import { PmPreviewSchema, QuoteLineSchema, QuoteSchema, ServiceSchema } from '../catalog.ts';
import { StaffProfileSchema } from '../talent.ts';
import { PmPreview, Quote, QuoteLine, ServiceDetail, TalentProfile } from './outputs.ts';

const keys = (o: object) => Object.keys(o).sort();

describe('MCP output shapes follow the contract field for field', () => {
  it('carries every field of the contract Quote, QuoteLine, PmPreview and StaffProfile, and no other', () => {
    expect(keys(Quote.shape)).toEqual(keys(QuoteSchema.properties));
    expect(keys(QuoteLine.shape)).toEqual(keys(QuoteLineSchema.properties));
    expect(keys(PmPreview.shape)).toEqual(keys(PmPreviewSchema.properties));
    expect(keys(TalentProfile.shape)).toEqual(keys(StaffProfileSchema.properties));
  });

  it('carries every field of the contract Service but its database names (_id as id, lang as language) and update time, plus its page url', () => {
    const renamed = { _id: 'id', lang: 'language' } as Record<string, string>;
    const expected = Object.keys(ServiceSchema.properties)
      .filter((k) => k !== 'updatedAt')
      .map((k) => renamed[k] ?? k);
    expect(keys(ServiceDetail.shape)).toEqual([...expected, 'url'].sort());
  });
});
