import { afterAll, describe, expect, it } from 'bun:test';
import type { Logger } from '../core/logger.ts';
import type { DocumentStore } from '../store/documents.ts';
import { documentStoresUnderTest } from '../testing/document-stores.ts';
import { createOutbox, type OutboxHandler, type OutboxOptions, PermanentDeliveryError } from './index.ts';

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function outboxOn(db: DocumentStore, handlers: Record<string, OutboxHandler>, extra: Partial<OutboxOptions> = {}) {
  return createOutbox({ documents: db, clock: { now: () => Date.now() }, logger: quiet, handlers, pollMs: 5, ...extra });
}

for (const s of stores) {
  describe(`outbox on ${s.name}`, () => {
    it('N workers delivering M messages at once: each delivered exactly once, never by two workers at the same time', async () => {
      const db = await s.open();
      const delivered: string[] = [];
      const inFlight = new Set<string>();
      let overlaps = 0;
      const handler: OutboxHandler = async (payload, ctx) => {
        if (inFlight.has(ctx.key)) overlaps++;
        inFlight.add(ctx.key);
        await Bun.sleep(1 + (Number(payload.n) % 3));
        delivered.push(ctx.key);
        inFlight.delete(ctx.key);
      };
      const workers = Array.from({ length: 6 }, (_, i) => outboxOn(db, { mail: handler }, { owner: `w${i}`, concurrency: 3 }));
      await workers[0]?.ensureIndexes();
      const M = 60;
      await workers[0]?.enqueue(Array.from({ length: M }, (_, n) => ({ key: `m${n}`, topic: 'mail', payload: { n } })));
      const counts = await Promise.all(workers.map((w) => w.deliverDue()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(M);
      expect(delivered).toHaveLength(M);
      expect(new Set(delivered).size).toBe(M);
      expect(overlaps).toBe(0);
      expect((await workers[1]?.get('m7'))?.state).toBe('delivered');
    });

    it('a key written twice is one message; a delivered key enqueued again is not delivered again', async () => {
      const db = await s.open();
      const calls: string[] = [];
      const box = outboxOn(db, { mail: async (_p, ctx) => void calls.push(ctx.key) });
      await box.enqueue([{ key: 'k1', topic: 'mail', payload: {} }]);
      await box.enqueue([{ key: 'k1', topic: 'mail', payload: {} }]);
      await box.deliverDue();
      await box.enqueue([{ key: 'k1', topic: 'mail', payload: {} }]);
      await box.deliverDue();
      expect(calls).toEqual(['k1']);
    });

    it('forgetPayloadOf: a listed topic keeps its payload until delivered, voided or failed, then only its record; other topics keep theirs', async () => {
      const db = await s.open();
      const seen: unknown[] = [];
      const box = outboxOn(
        db,
        {
          typed: async (payload) => void seen.push(payload.email),
          refused: async () => {
            throw new PermanentDeliveryError('no such recipient');
          },
          kept: async () => undefined,
        },
        { forgetPayloadOf: ['typed', 'refused'] },
      );
      await box.enqueue([
        { key: 't1', topic: 'typed', payload: { email: 'someone@example.com' } },
        { key: 'r1', topic: 'refused', payload: { email: 'nobody@example.com' } },
        { key: 'k1', topic: 'kept', payload: { bookingId: 'b1' } },
      ]);
      expect((await box.get('t1'))?.payload).toEqual({ email: 'someone@example.com' });
      await box.deliverDue();
      expect(seen).toEqual(['someone@example.com']);
      const typed = await box.get('t1');
      expect(typed?.state).toBe('delivered');
      expect(typed?.payload).toEqual({});
      expect(typed?.expireAt).toBeInstanceOf(Date);
      const refused = await box.get('r1');
      expect(refused?.state).toBe('failed');
      expect(refused?.payload).toEqual({});
      expect(refused?.lastError).toContain('no such recipient');
      expect((await box.get('k1'))?.payload).toEqual({ bookingId: 'b1' });
      // The key still refuses a second message while the record is kept.
      await box.enqueue([{ key: 't1', topic: 'typed', payload: { email: 'again@example.com' } }]);
      await box.deliverDue();
      expect(seen).toEqual(['someone@example.com']);
    });

    it("forgetPayloadOf: the error kept and logged for a listed topic does not quote the payload's values (a server echoing the address, in its own case)", async () => {
      const db = await s.open();
      const lines: Record<string, unknown>[] = [];
      let now = 7_000_000;
      let attempt = 0;
      const box = createOutbox({
        documents: db,
        clock: { now: () => now },
        logger: { ...quiet, warn: (msg, f) => void lines.push({ msg, ...f }), error: (msg, f) => void lines.push({ msg, ...f }) },
        handlers: {
          typed: async () => {
            attempt++;
            if (attempt === 1) throw new Error('timeout talking to the mail server for person@example.com');
            throw new PermanentDeliveryError('550 5.1.1 <PERSON@example.com>: no such user (person@example.com)');
          },
          kept: async () => {
            throw new PermanentDeliveryError('550 <Person@Example.com>: no such user');
          },
        },
        forgetPayloadOf: ['typed'],
        backoffMs: [10],
      });
      await box.enqueue([
        { key: 'p1', topic: 'typed', payload: { email: 'person@example.com', locale: 'de' } },
        { key: 'p2', topic: 'kept', payload: { email: 'person@example.com' } },
      ]);
      await box.deliverDue();
      const retried = await box.get('p1');
      expect([retried?.state, retried?.lastError]).toEqual(['ready', 'Error: timeout talking to the mail server for [payload]']);
      now += 20;
      await box.deliverDue();
      const failed = await box.get('p1');
      expect([failed?.state, failed?.lastError]).toEqual(['failed', 'PermanentDeliveryError: 550 5.1.1 <[payload]>: no such user ([payload])']);
      const logged = lines.filter((l) => l.key === 'p1');
      expect(logged.map((l) => l.msg)).toEqual(['outbox delivery failed; retried later', 'outbox message not delivered; left as failed for an operator']);
      expect(JSON.stringify(logged).toLowerCase()).not.toContain('person@example.com');
      // A topic not listed keeps its payload, and so the error as it came.
      expect((await box.get('p2'))?.lastError).toBe('PermanentDeliveryError: 550 <Person@Example.com>: no such user');
    });

    it('forgetPayloadOf: a staged message voided because its change never happened loses its payload too', async () => {
      const db = await s.open();
      let now = 5_000_000;
      const box = createOutbox({
        documents: db,
        clock: { now: () => now },
        logger: quiet,
        handlers: { typed: async () => undefined },
        stagedGraceMs: 10,
        forgetPayloadOf: ['typed'],
      });
      await box.stage([{ key: 'v1', topic: 'typed', payload: { email: 'x@example.com' } }], { collection: 'never_written', filter: { _id: 'nope' } });
      now += 20;
      await box.deliverDue();
      const voided = await box.get('v1');
      expect(voided?.state).toBe('void');
      expect(voided?.payload).toEqual({});
    });

    it('retries with backoff under the same key, then succeeds; a permanent failure is not retried', async () => {
      const db = await s.open();
      let now = 1_000_000;
      const attempts: { key: string; attempt: number }[] = [];
      let failures = 2;
      const box = outboxOn(
        db,
        {
          flaky: async (_p, ctx) => {
            attempts.push({ key: ctx.key, attempt: ctx.attempt });
            if (failures-- > 0) throw new Error('smtp down');
          },
          refused: async () => {
            throw new PermanentDeliveryError('no such address');
          },
        },
        { clock: { now: () => now }, backoffMs: [1_000, 10_000] },
      );
      await box.enqueue([
        { key: 'f', topic: 'flaky', payload: {} },
        { key: 'r', topic: 'refused', payload: {} },
      ]);
      expect(await box.deliverDue()).toBe(2);
      expect((await box.get('f'))?.state).toBe('ready');
      expect((await box.get('r'))?.state).toBe('failed');
      // Not due before its backoff.
      now += 999;
      expect(await box.deliverDue()).toBe(0);
      now += 1;
      await box.deliverDue();
      now += 9_999;
      expect(await box.deliverDue()).toBe(0);
      now += 1;
      await box.deliverDue();
      expect(attempts).toEqual([
        { key: 'f', attempt: 1 },
        { key: 'f', attempt: 2 },
        { key: 'f', attempt: 3 },
      ]);
      expect((await box.get('f'))?.state).toBe('delivered');
      expect((await box.get('r'))?.lastError).toContain('no such address');
    });

    it('a staged message is not delivered before its release; released, it is', async () => {
      const db = await s.open();
      const calls: string[] = [];
      const box = outboxOn(db, { mail: async (_p, ctx) => void calls.push(ctx.key) });
      const orders = db.collection<{ _id: string; status: string }>('orders');
      await orders.insertOne({ _id: 'o1', status: 'open' });
      const changed = await box.withChange(
        [{ key: 'o1:paid:mail', topic: 'mail', payload: {} }],
        { collection: 'orders', filter: { _id: 'o1', status: 'paid' } },
        async () => {
          expect(await box.deliverDue()).toBe(0);
          return orders.findOneAndUpdate({ _id: 'o1', status: 'open' }, { $set: { status: 'paid' } }, { returnDocument: 'after' });
        },
      );
      expect(changed?.status).toBe('paid');
      await box.deliverDue();
      expect(calls).toEqual(['o1:paid:mail']);
    });

    it('a process dying between the change and the release: after the grace the guard is checked, delivered when the change is stored, voided when not', async () => {
      const db = await s.open();
      let now = 5_000_000;
      const calls: string[] = [];
      const box = outboxOn(db, { mail: async (_p, ctx) => void calls.push(ctx.key) }, { clock: { now: () => now }, stagedGraceMs: 60_000 });
      const orders = db.collection<{ _id: string; status: string }>('orders');
      await orders.insertOne({ _id: 'a', status: 'open' });
      await orders.insertOne({ _id: 'b', status: 'open' });
      // Staged, change stored, never released (the process died).
      await box.stage([{ key: 'a:paid', topic: 'mail', payload: {} }], { collection: 'orders', filter: { _id: 'a', status: 'paid' } });
      await orders.updateOne({ _id: 'a' }, { $set: { status: 'paid' } });
      // Staged, the change lost its race (never stored).
      await box.stage([{ key: 'b:paid', topic: 'mail', payload: {} }], { collection: 'orders', filter: { _id: 'b', status: 'paid' } });
      expect(await box.deliverDue()).toBe(0);
      now += 60_000;
      expect(await box.deliverDue()).toBe(2);
      expect(calls).toEqual(['a:paid']);
      expect((await box.get('b:paid'))?.state).toBe('void');
    });

    it('a worker that died holding a message leaves it to another after the lease expires; its late finish changes nothing', async () => {
      const db = await s.open();
      let now = 9_000_000;
      const clock = { now: () => now };
      let release: () => void = () => {};
      const calls: string[] = [];
      const stuck = outboxOn(
        db,
        {
          mail: async (_p, ctx) => {
            calls.push(`stuck:${ctx.attempt}`);
            await new Promise<void>((r) => {
              release = r;
            });
          },
        },
        { clock, leaseMs: 30_000, owner: 'stuck' },
      );
      const other = outboxOn(db, { mail: async (_p, ctx) => void calls.push(`other:${ctx.attempt}`) }, { clock, leaseMs: 30_000, owner: 'other' });
      await stuck.enqueue([{ key: 'm', topic: 'mail', payload: {} }]);
      const first = stuck.deliverDue();
      await Bun.sleep(50);
      expect(await other.deliverDue()).toBe(0);
      now += 30_001;
      expect(await other.deliverDue()).toBe(1);
      release();
      await first;
      expect(calls).toEqual(['stuck:1', 'other:1']);
      const doc = await other.get('m');
      expect(doc?.state).toBe('delivered');
      expect(doc?.leaseToken).toBeUndefined();
    });
  });
}

describe('outbox worker', () => {
  it('delivers a released message without waiting for the poll, and stops cleanly', async () => {
    const { createEmbeddedDocumentStore } = await import('../store/embedded-documents.ts');
    const db = createEmbeddedDocumentStore();
    const calls: string[] = [];
    const box = outboxOn(db, { mail: async (_p, ctx) => void calls.push(ctx.key) }, { pollMs: 60_000 });
    box.start();
    await Bun.sleep(10);
    await box.enqueue([{ key: 'now', topic: 'mail', payload: {} }]);
    for (let i = 0; i < 100 && calls.length === 0; i++) await Bun.sleep(5);
    await box.stop();
    expect(calls).toEqual(['now']);
  });
});

describe('outbox guard check', () => {
  it('keeps a staged message staged when its guard cannot be read, and delivers it once the store answers and the change is there', async () => {
    const { createEmbeddedDocumentStore } = await import('../store/embedded-documents.ts');
    const db = createEmbeddedDocumentStore();
    let now = 1_000_000;
    let broken = true;
    // The guard's collection fails while `broken` (a store outage on that read only).
    const flaky: DocumentStore = {
      ...db,
      kind: db.kind,
      collection: (name: string) => {
        const c = db.collection(name);
        return name !== 'orders'
          ? c
          : ({
              ...c,
              collectionName: c.collectionName,
              findOne: (...args: Parameters<typeof c.findOne>) => (broken ? Promise.reject(new Error('store down')) : c.findOne(...args)),
            } as typeof c);
      },
    } as DocumentStore;
    const calls: string[] = [];
    const box = outboxOn(flaky, { mail: async (_p, ctx) => void calls.push(ctx.key) }, { clock: { now: () => now }, backoffMs: [1_000] });
    await box.stage([{ key: 'x', topic: 'mail', payload: {} }], { collection: 'orders', filter: { _id: 'o' } });
    now += 60_000;
    expect(await box.deliverDue()).toBe(1);
    expect((await box.get('x'))?.state).toBe('staged');
    broken = false;
    now += 1_000;
    // The change was never stored: voided, not delivered.
    await box.deliverDue();
    expect((await box.get('x'))?.state).toBe('void');
    expect(calls).toEqual([]);
  });
});
