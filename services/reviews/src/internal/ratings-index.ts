import { NDJSON, type RatingsIndexLine } from '@tm/contracts';
import { type PrebuiltAnswer, prebuild } from '@tm/shared/search';
import { averageOf, bayesianOf } from '../reviews/rules.ts';
import { SITE_WIDE, type Summaries } from '../reviews/summaries.ts';

const BATCH = 2_000;

/**
 * Reviews' GET /internal/ratings-index.ndjson: one line per service and PM with a published
 * customer review, then the trailer, with the body's ETag. The body is built once per version, the
 * ledger's count of changes (every publication, hide and restore moves it, after the totals, and so
 * does a totals check that corrected something, reconcile.ts), read
 * before the totals: a body is never kept under a version older than its totals.
 */
export function createRatingsIndex(summaries: Summaries) {
  let held: { changes: number; answer: Promise<PrebuiltAnswer> } | undefined;

  async function build(): Promise<PrebuiltAnswer> {
    const prior = await summaries.of(SITE_WIDE);
    let text = '';
    let count = 0;
    for await (const batch of summaries.subjects(BATCH)) {
      for (const s of batch) {
        const at = s._id.indexOf(':');
        const average = averageOf(s.count, s.sum);
        if (at < 0 || s._id === SITE_WIDE || average === null) continue;
        const kind = s._id.slice(0, at);
        if (kind !== 'service' && kind !== 'pm') continue;
        const line: RatingsIndexLine = { kind, id: s._id.slice(at + 1), count: s.count, average, bayesian: bayesianOf(s.count, s.sum, prior) };
        text += `${JSON.stringify(line)}\n`;
        count++;
      }
    }
    text += `${JSON.stringify({ end: true, count })}\n`;
    return prebuild(text, NDJSON);
  }

  return {
    async current(): Promise<PrebuiltAnswer> {
      const changes = (await summaries.ledger()).changes ?? 0;
      if (held?.changes !== changes) {
        const answer = build();
        held = { changes, answer };
        answer.catch(() => {
          if (held?.answer === answer) held = undefined;
        });
      }
      return held.answer;
    },
  };
}
