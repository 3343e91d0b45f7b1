import { describe, expect, it } from 'bun:test';
import { createManualClock, createMemoryLogger, DomainError, ok } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { type Answer, createIdempotency } from './idempotency.ts';

/** The embedded store, with `updateOne` on the idempotency records failing the next `failures.left` times. */
function storeWithFailingFinish(clock: ReturnType<typeof createManualClock>) {
  const inner = createEmbeddedDocumentStore({ clock });
  const failures = { left: 0 };
  const store: DocumentStore = {
    ...inner,
    collection(name: string) {
      const c = inner.collection(name);
      if (name !== 'idempotency_keys') return c;
      return new Proxy(c, {
        get(target, prop) {
          if (prop === 'updateOne')
            return async (...args: Parameters<typeof target.updateOne>) => {
              if (failures.left > 0) {
                failures.left--;
                throw new Error('injected: the store refused the write');
              }
              return target.updateOne(...args);
            };
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  } as DocumentStore;
  return { store, failures };
}

function setup() {
  const clock = createManualClock(Date.now());
  const { store, failures } = storeWithFailingFinish(clock);
  const logger = createMemoryLogger('bookings');
  const idempotency = createIdempotency(store, clock, logger);
  const request = () => new Request('http://localhost/bookings', { method: 'POST', headers: { 'idempotency-key': 'k-1' } });
  let runs = 0;
  const run = (answer: () => Promise<Answer>) =>
    idempotency.run(request(), 'customer-1', { a: 1 }, async () => {
      runs++;
      return answer();
    });
  return { clock, failures, logger, run, runs: () => runs };
}

const created: () => Promise<Answer> = async () => ({ status: 201, body: ok({ id: 'b1' }) });

describe('idempotency records', () => {
  it.each(['PAYMENT_OPENING', 'IDEMPOTENCY_KEY_IN_USE'] as const)('does not keep a retryable 409 %s: the retry runs again', async (code) => {
    const s = setup();
    const first = await s.run(async () => {
      throw new DomainError(code, 'retry shortly');
    });
    expect(first.status).toBe(409);
    const retry = await s.run(created);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(s.runs()).toBe(2);
  });

  it('does not keep an answer carrying Retry-After', async () => {
    const s = setup();
    await expect(
      s.run(async () => {
        throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', 'down', 5);
      }),
    ).rejects.toThrow(DomainError);
    expect((await s.run(created)).status).toBe(201);
    expect(s.runs()).toBe(2);
  });

  it('keeps a final 409 and replays it', async () => {
    const s = setup();
    await s.run(async () => {
      throw new DomainError('BOOKING_NOT_PAYABLE', 'no');
    });
    const replay = await s.run(created);
    expect(replay.status).toBe(409);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(s.runs()).toBe(1);
  });

  it('retries the write of a finished answer, so a short store hiccup still replays it', async () => {
    const s = setup();
    s.failures.left = 2;
    expect((await s.run(created)).status).toBe(201);
    const replay = await s.run(created);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(s.runs()).toBe(1);
  });

  it('never runs the handler twice when the finished answer could not be stored: 409 in use, then 409 IDEMPOTENCY_KEY_OUTCOME_UNKNOWN after the lease', async () => {
    const s = setup();
    s.failures.left = 100;
    expect((await s.run(created)).status).toBe(201);
    expect(s.logger.lines.some((l) => l.level === 'error')).toBe(true);
    // run() throws these (the service's error plugin answers them 409 with the envelope).
    expect(await s.run(created).catch((e: DomainError) => e.code)).toBe('IDEMPOTENCY_KEY_IN_USE');
    s.clock.advance(61_000);
    expect(await s.run(created).catch((e: DomainError) => e.code)).toBe('IDEMPOTENCY_KEY_OUTCOME_UNKNOWN');
    expect(s.runs()).toBe(1);
  });
});
