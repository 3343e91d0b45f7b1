import { describe, expect, it } from 'bun:test';
import { checkEvent, correctedTime } from './events.ts';

const good = { type: 'track', messageId: 'm1', anonymousId: 'd1', event: 'Signed Up', timestamp: '2026-01-01T00:00:00.000Z' };

describe('checkEvent', () => {
  it('takes a well-formed track, page and identify event', () => {
    expect(checkEvent(good)).toEqual({ ok: true, event: good as never });
    expect(checkEvent({ ...good, type: 'page', event: undefined }).ok).toBe(true);
    expect(checkEvent({ ...good, type: 'identify', event: undefined, properties: { plan: 'x' } }).ok).toBe(true);
  });

  it('refuses each broken field as invalid, keeping the messageId when there is one', () => {
    const broken = [
      { ...good, type: 'alias' },
      { ...good, messageId: '' },
      { ...good, messageId: 'x'.repeat(101) },
      { ...good, anonymousId: 7 },
      { ...good, event: undefined },
      { ...good, properties: [1] },
      { ...good, timestamp: 'yesterday' },
      { ...good, timestamp: undefined },
    ];
    for (const e of broken) expect(checkEvent(e)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(checkEvent({ ...good, timestamp: 'x' })).toEqual({ ok: false, messageId: 'm1', reason: 'invalid' });
    for (const e of [null, 'text', 3, []]) expect(checkEvent(e)).toEqual({ ok: false, messageId: null, reason: 'invalid' });
  });

  it('refuses an event over 32 KB as too_large', () => {
    expect(checkEvent({ ...good, properties: { blob: 'x'.repeat(33 * 1024) } })).toEqual({ ok: false, messageId: 'm1', reason: 'too_large' });
  });
});

describe('correctedTime', () => {
  const received = Date.parse('2026-03-01T12:00:00.000Z');
  it("moves the event by the device's skew: a clock 1 h fast is corrected", () => {
    // The device thinks it is 13:00 when it sends, and the event happened 5 min before that.
    expect(new Date(correctedTime('2026-03-01T12:55:00.000Z', '2026-03-01T13:00:00.000Z', received)).toISOString()).toBe('2026-03-01T11:55:00.000Z');
  });

  it('never stores a time in the future, with or without sentAt', () => {
    expect(correctedTime('2026-03-01T12:10:00.000Z', '2026-03-01T12:00:00.000Z', received)).toBe(received);
    expect(correctedTime('2030-01-01T00:00:00.000Z', undefined, received)).toBe(received);
    expect(correctedTime('2026-03-01T11:00:00.000Z', undefined, received)).toBe(Date.parse('2026-03-01T11:00:00.000Z'));
  });
});
