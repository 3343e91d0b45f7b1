import { describe, expect, it } from 'bun:test';
import {
  CreateReviewBodySchema,
  HideBodySchema,
  ModerationLedgerSchema,
  MyReviewsSchema,
  PublicReviewSchema,
  RatingAnswerSchema,
  ReplyBodySchema,
  ReportBodySchema,
  ReviewSchema,
  ReviewSummarySchema,
  UpdateReviewBodySchema,
} from '@tm/contracts';
import { declaredSchemas, envelopeData, itemsOf } from '@tm/shared/testing';
import { createReviewsUnderTest } from './testing.ts';

const { app } = await createReviewsUnderTest();

describe('reviews answers with the contract', () => {
  it("declares the contract's bodies for every write", () => {
    expect(declaredSchemas(app, 'POST', '/reviews').body).toBe(CreateReviewBodySchema);
    expect(declaredSchemas(app, 'PATCH', '/reviews/:id').body).toBe(UpdateReviewBodySchema);
    expect(declaredSchemas(app, 'POST', '/reviews/:id/reply').body).toBe(ReplyBodySchema);
    expect(declaredSchemas(app, 'POST', '/reviews/:id/report').body).toBe(ReportBodySchema);
    expect(declaredSchemas(app, 'POST', '/reviews/:id/hide').body).toBe(HideBodySchema);
  });

  it("declares the contract's answers for every read and write", () => {
    expect(envelopeData(declaredSchemas(app, 'POST', '/reviews').response[201])).toBe(ReviewSchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/reviews/:id').response[200])).toBe(ReviewSchema);
    expect(itemsOf(envelopeData(declaredSchemas(app, 'GET', '/reviews').response[200]))).toBe(PublicReviewSchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/reviews/summary').response[200])).toBe(ReviewSummarySchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/reviews/moderation').response[200])).toBe(ModerationLedgerSchema);
    expect(envelopeData(declaredSchemas(app, 'GET', '/reviews/mine').response[200])).toBe(MyReviewsSchema);
  });

  it('declares the contract rating answer catalog and talent read', () => {
    expect(envelopeData(declaredSchemas(app, 'GET', '/internal/ratings/:kind/:id').response[200])).toBe(RatingAnswerSchema);
  });
});
