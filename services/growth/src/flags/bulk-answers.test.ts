import { describe, expect, it } from 'bun:test';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { benchFlag } from '../bench/bulk-cost.ts';
import { createGrowthUnderTest } from '../testing.ts';
import { createBulkAnswers } from './bulk-answers.ts';
import type { FlagDoc } from './model.ts';

// The bench's flag (a 50/50 split of 'A' and 'B', default 'off') with two rules: DE gets a value, AU the split.
const split = { ...benchFlag(), rules: [{ when: { market: 'DE' }, value: 'german' }, { when: { market: 'AU' } }] };

const ask = (t: Awaited<ReturnType<typeof createGrowthUnderTest>>, context: object, headers: Record<string, string> = {}) =>
  t.call('POST', '/ofrep/v1/evaluate/flags', { body: { context }, headers });
const flagValue = (res: { body: { flags: { key: string; value: unknown }[] } }, key: string) => res.body.flags.find((f) => f.key === key)?.value;

describe('kept bulk answers, through OFREP', () => {
  it('show an admin change at once: a new value and a new ETag, the old ETag no longer 304', async () => {
    const t = await createGrowthUnderTest();
    const { token } = await t.tokenFor('admin');
    await t.call('PUT', '/flags/copy', { token, body: split });
    const before = await ask(t, { deviceId: 'd-1', market: 'DE' });
    expect(flagValue(before, 'copy')).toBe('german');
    const etag = before.headers.get('etag') as string;
    expect((await ask(t, { deviceId: 'd-1', market: 'DE' }, { 'if-none-match': etag })).status).toBe(304);

    await t.call('PUT', '/flags/copy', { token, body: { ...split, rules: [{ when: { market: 'DE' }, value: 'deutsch' }] } });
    const after = await ask(t, { deviceId: 'd-1', market: 'DE' }, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(flagValue(after, 'copy')).toBe('deutsch');
    expect(after.headers.get('etag')).not.toBe(etag);

    await t.call('DELETE', '/flags/copy', { token });
    expect((await ask(t, { deviceId: 'd-1', market: 'DE' })).body.flags).toEqual([]);
  });

  it('answer each context its own flags: another device, market or caller is never given a kept answer', async () => {
    const t = await createGrowthUnderTest();
    const { token } = await t.tokenFor('admin');
    await t.call('PUT', '/flags/copy', { token, body: { ...split, rules: [{ when: { role: 'admin' }, value: 'staff' }, ...split.rules] } });
    await t.call('PUT', '/flags/wide', { token, body: { ...split, rules: [], seed: 'wide' } });
    const variants = new Set<unknown>();
    for (let i = 0; i < 40; i++) variants.add(flagValue(await ask(t, { deviceId: `d-${i}`, market: 'AU' }), 'wide'));
    expect(variants).toEqual(new Set(['A', 'B']));
    expect(flagValue(await ask(t, { deviceId: 'd-1', market: 'DE' }), 'copy')).toBe('german');
    expect(['A', 'B']).toContain(flagValue(await ask(t, { deviceId: 'd-1', market: 'AU' }), 'copy') as string);
    expect(flagValue(await ask(t, { deviceId: 'd-1', market: 'DE' }, { authorization: `Bearer ${(await t.tokenFor('admin')).token}` }), 'copy')).toBe('staff');
    // The same context again, after all that: still its own answer.
    expect(flagValue(await ask(t, { deviceId: 'd-1', market: 'DE' }), 'copy')).toBe('german');
  });

  it('give 20 parallel identical requests identical bodies and ETags, also while the flag changes', async () => {
    const t = await createGrowthUnderTest();
    const { token } = await t.tokenFor('admin');
    await t.call('PUT', '/flags/copy', { token, body: split });
    const parallel = () =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          t.app.handle(
            new Request('http://localhost/ofrep/v1/evaluate/flags', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ context: { deviceId: 'd-7', market: 'AU' } }),
            }),
          ),
        ),
      ).then((all) => Promise.all(all.map(async (r) => `${r.headers.get('etag')} ${await r.text()}`)));
    const first = await parallel();
    expect(new Set(first).size).toBe(1);
    // A change racing the requests: each answer is whole, from the old flags or the new, never a mix.
    const [during] = await Promise.all([parallel(), t.call('PUT', '/flags/copy', { token, body: { ...split, defaultValue: 'changed' } })]);
    const after = await parallel();
    expect(new Set(after).size).toBe(1);
    for (const answer of during) expect([first[0], after[0]]).toContain(answer);
  });

  it("reach another replica's kept answers when that replica reloads its flags (FLAGS_REFRESH_MS)", async () => {
    const documents = createEmbeddedDocumentStore();
    const a = await createGrowthUnderTest({ documents });
    const b = await createGrowthUnderTest({ documents, overrides: { flagsRefreshMs: 5000 } });
    const { token } = await a.tokenFor('admin');
    await a.call('PUT', '/flags/copy', { token, body: split });
    expect(flagValue(await ask(b, { deviceId: 'd-1', market: 'DE' }), 'copy')).toBe('german');

    await a.call('PUT', '/flags/copy', { token, body: { ...split, rules: [{ when: { market: 'DE' }, value: 'deutsch' }] } });
    // A shows it at once; B answers from its loaded flags until they are older than the refresh interval.
    expect(flagValue(await ask(a, { deviceId: 'd-1', market: 'DE' }), 'copy')).toBe('deutsch');
    expect(flagValue(await ask(b, { deviceId: 'd-1', market: 'DE' }), 'copy')).toBe('german');
    b.clock.advance(5000);
    await ask(b, { deviceId: 'd-1', market: 'DE' }); // starts B's reload
    await b.parts.snapshot.reload();
    expect(flagValue(await ask(b, { deviceId: 'd-1', market: 'DE' }), 'copy')).toBe('deutsch');
  });
});

describe('createBulkAnswers', () => {
  const flag = (key: string, defaultValue: string): FlagDoc => ({
    _id: key,
    type: 'string',
    enabled: true,
    defaultValue,
    variants: [
      { key: 'a', value: 'A', weight: 0.5 },
      { key: 'b', value: 'B', weight: 0.5 },
    ],
    hashAttribute: 'deviceId',
    version: 1,
    updatedAt: new Date(0),
  });
  const flags = new Map([['one', flag('one', 'x')]]);
  const text = (a: { body: Uint8Array }) => new TextDecoder().decode(a.body);

  it('keep at most the bytes they are given, dropping the least recently used first', () => {
    const answers = createBulkAnswers(2000);
    const first = answers.answer(flags, { deviceId: 'd-0' });
    const size = first.body.byteLength + JSON.stringify([`d-0`]).length * 2;
    for (let i = 1; i < 100; i++) {
      answers.answer(flags, { deviceId: `d-${i}` });
      // d-0 asked for again on every round stays; the others fall out oldest first.
      expect(answers.answer(flags, { deviceId: 'd-0' })).toBe(first);
      expect(answers.kept().bytes).toBeLessThanOrEqual(2000);
    }
    expect(answers.kept().answers).toBeGreaterThan(1);
    expect(answers.kept().answers).toBeLessThanOrEqual(Math.ceil(2000 / size));
    expect(answers.answer(flags, { deviceId: 'd-1' })).not.toBe(answers.answer(flags, { deviceId: 'd-99' }));
  });

  it('drop every kept answer when other flags come, and keep them while the same flags do', () => {
    const answers = createBulkAnswers();
    const kept = answers.answer(flags, { deviceId: 'd-1' });
    expect(answers.answer(flags, { deviceId: 'd-1' })).toBe(kept);
    expect(JSON.parse(text(kept)).flags).toEqual([{ key: 'one', value: expect.stringMatching(/^[AB]$/), reason: 'SPLIT', variant: expect.any(String) }]);
    const fresh = answers.answer(new Map([['two', flag('two', 'y')]]), { deviceId: 'd-1' });
    expect(answers.kept().answers).toBe(1);
    expect(JSON.parse(text(fresh)).flags.map((f: { key: string }) => f.key)).toEqual(['two']);
  });
});
