import { describe, expect, it } from 'bun:test';
import { accountErasePath, accountExportPath } from '@tm/contracts';
import { createReviewsUnderTest } from '../testing.ts';

const text = 'Clear plans, weekly updates and the launch landed on the agreed day.';

async function withReviews() {
  const t = await createReviewsUnderTest();
  const customer = await t.tokenFor('customer', 'cust-1');
  const pm = await t.tokenFor('pm', 'pm-acct-1', 'pm-profile-1');
  t.names.set('cust-1', 'Ada Lovelace');
  const completedAt = new Date(t.clock.now() - 86_400_000).toISOString();
  for (const id of ['b1', 'b2'])
    t.bookings.set(id, {
      id,
      number: id,
      status: 'completed',
      market: 'DE',
      customerId: 'cust-1',
      pm: { id: 'pm-profile-1', slug: 'g', name: 'Grace H.' },
      serviceIds: ['svc-1'],
      completedAt,
      updatedAt: completedAt,
    });
  // b1: both sides wrote (published); b2: only the customer (pending).
  const published = (await t.call('POST', '/reviews', { token: customer.token, body: { bookingId: 'b1', rating: 5, text } })).body.data.id;
  await t.call('POST', '/reviews', { token: pm.token, body: { bookingId: 'b1', rating: 4, text } });
  const pending = (await t.call('POST', '/reviews', { token: customer.token, body: { bookingId: 'b2', rating: 2, text } })).body.data.id;
  return { t, published, pending };
}

describe("reviews's account data routes (auth's export and erasure)", () => {
  it('exports the reviews the person wrote and the PM reviews written of them', async () => {
    const { t, published, pending } = await withReviews();
    const res = await t.call('GET', accountExportPath('cust-1'));
    expect(res.status).toBe(200);
    expect(res.body.data.service).toBe('reviews');
    expect(res.body.data.data.reviews.map((r: { id: string }) => r.id).sort()).toEqual([published, pending].sort());
    expect(res.body.data.data.reviewsOfYou).toEqual([expect.objectContaining({ authorRole: 'pm', rating: 4 })]);
    expect((await t.call('GET', accountExportPath('nobody'))).body.data.data).toEqual({ reviews: [], reviewsOfYou: [] });
  });

  it('erases the person idempotently: published reviews stay as by a "former customer", the summary unchanged; the rest goes', async () => {
    const { t, published } = await withReviews();
    const before = (await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data;
    const body = { emails: ['ada@example.test'], mobile: '+4915112345678' };
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', accountErasePath('cust-1'), { body });
      expect(res.body).toEqual({ success: true, data: { service: 'reviews', erased: true, kept: 1 } });
    }
    const list = (await t.call('GET', '/reviews?serviceId=svc-1')).body.data;
    expect(list).toEqual([expect.objectContaining({ id: published, author: 'former customer', rating: 5 })]);
    expect((await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data).toEqual(before);
    expect((await t.call('GET', accountExportPath('cust-1'))).body.data.data).toEqual({ reviews: [], reviewsOfYou: [] });
  });

  it('refuses an erase body outside the contract with 400, never a 500', async () => {
    const { t } = await withReviews();
    const res = await t.call('POST', accountErasePath('u-1'), { body: { mobile: '12345' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});
