import { describe, expect, it } from 'bun:test';
import type { Doc, DocumentCollection, DocumentStore } from '@tm/shared/store';
import { StoreUnavailableError } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { buildParts, createApp } from '../app.ts';
import { createContentUnderTest } from '../testing.ts';

/** A store that can be switched away: every collection call then fails as an unreachable MongoDB does. */
function switchable(inner: DocumentStore) {
  const state = { down: false };
  const store: DocumentStore = {
    kind: inner.kind,
    ping: async () => !state.down,
    close: () => inner.close(),
    collection<T extends Doc>(name: string): DocumentCollection<T> {
      const real = inner.collection<T>(name);
      return new Proxy(real, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (state.down) throw new StoreUnavailableError('mongodb', new Error('down'));
            return value.apply(target, args);
          };
        },
      });
    },
  };
  return { store, state };
}

describe('content with its database away', () => {
  it('keeps answering published documents, bundles and pages, and answers writes with 503', async () => {
    const { store, state } = switchable(createEmbeddedDocumentStore());
    const t = await createContentUnderTest({ documents: store });
    const admin = (await t.tokenFor('admin')).token;
    state.down = true;
    expect((await t.call('GET', '/legal/terms')).status).toBe(200);
    expect((await t.call('GET', '/i18n/de/common')).status).toBe(200);
    expect((await t.call('GET', '/content/pages/about')).status).toBe(200);
    expect((await t.call('GET', '/internal/page-index.ndjson')).status).toBe(200);
    const write = await t.call('PUT', '/i18n/en/common', { token: admin, body: { messages: { a: 'A' } } });
    expect(write.status).toBe(503);
    expect(write.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect((await t.call('POST', '/legal/acceptances', { token: admin, body: { type: 'terms', version: 1 } })).status).toBe(503);
    const ready = await t.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
  });

  it("shows another replica's write once its revision is read", async () => {
    const a = await createContentUnderTest();
    const b = buildParts({ ...a.deps, readModelMaxAgeMs: 0 });
    const replica = createApp({ ...a.deps }, b);
    const read = async () =>
      (await (await replica.handle(new Request('http://localhost/legal/terms', { headers: { 'x-country': 'US' } }))).json()).data.version;
    expect(await read()).toBe(1);
    const admin = (await a.tokenFor('admin')).token;
    await a.call('POST', '/legal/terms/versions', {
      token: admin,
      body: { market: 'US', effectiveAt: '2026-01-01T00:00:00Z', material: true, translations: { en: { title: 'T', body: 'B' } } },
    });
    const deadline = Date.now() + 2000;
    let seen = await read();
    while (seen !== 2 && Date.now() < deadline) {
      a.clock.advance(1);
      await b.readModel.current();
      seen = await read();
    }
    expect(seen).toBe(2);
  });
});
