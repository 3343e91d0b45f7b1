import type { BundleStatus, Lang } from '@tm/contracts';
import type { BundleDoc, StoredMessage } from './model.ts';

/** The hash that tells whether an English source moved since a translation was written. */
export function sourceHash(text: string): string {
  return Bun.hash.wyhash(text).toString(36);
}

/** A bundle's messages as an object (key order as stored). */
export function messagesOf(doc: BundleDoc | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of doc?.entries ?? []) out[e.k] = e.v;
  return out;
}

/** What a language serves: English for every key, overlaid by the language's own messages. */
export function servedMessages(english: BundleDoc | undefined, own: BundleDoc | undefined): Record<string, string> {
  return own === english ? messagesOf(english) : { ...messagesOf(english), ...messagesOf(own) };
}

/**
 * The entries to store for a PUT of `messages` in `lang`: a translation remembers the hash of the
 * English text it was made from; a message unchanged since the last PUT keeps the hash it had, so
 * re-sending a whole bundle does not mark stale translations fresh.
 */
export function entriesToStore(lang: Lang, messages: Record<string, string>, english: BundleDoc | undefined, previous: BundleDoc | undefined): StoredMessage[] {
  const source = messagesOf(english);
  const before = new Map((previous?.entries ?? []).map((e) => [e.k, e]));
  return Object.entries(messages).map(([k, v]) => {
    if (lang === 'en') return { k, v };
    const old = before.get(k);
    if (old && old.v === v && old.src !== undefined) return { k, v, src: old.src };
    const en = source[k];
    return en === undefined ? { k, v } : { k, v, src: sourceHash(en) };
  });
}

/** Keys English has and the language lacks, and translations whose English changed after they were written. */
export function bundleStatus(lang: Lang, english: BundleDoc | undefined, own: BundleDoc | undefined): BundleStatus {
  if (lang === 'en') return { missing: [], stale: [] };
  const source = messagesOf(english);
  const translated = new Map((own?.entries ?? []).map((e) => [e.k, e]));
  const missing = Object.keys(source).filter((k) => !translated.has(k));
  const stale = [...translated.values()].filter((e) => source[e.k] !== undefined && e.src !== sourceHash(source[e.k] as string)).map((e) => e.k);
  return { missing: missing.sort(), stale: stale.sort() };
}
