import { LANGUAGES, type Lang } from '@tm/contracts';
import { entriesToStore } from './bundles.ts';
import type { BundleDoc } from './model.ts';
import type { BundleRepository } from './repository.ts';

/** seed/i18n/<lang>/<namespace>.json: the bundles of a fresh start. */
export const SEED_DIR = new URL('../../seed/i18n/', import.meta.url).pathname;

/** Every seed bundle: `{lang, namespace, messages}`, English first (translations remember their English source). */
export async function readSeedBundles(dir = SEED_DIR): Promise<{ lang: Lang; namespace: string; messages: Record<string, string> }[]> {
  const found: { lang: Lang; namespace: string; messages: Record<string, string> }[] = [];
  for await (const path of new Bun.Glob('*/*.json').scan({ cwd: dir })) {
    const [lang, file] = path.split('/') as [string, string];
    if (!(LANGUAGES as readonly string[]).includes(lang)) throw new Error(`seed bundle ${path}: unknown language`);
    found.push({ lang: lang as Lang, namespace: file.replace(/\.json$/, ''), messages: await Bun.file(`${dir}${path}`).json() });
  }
  return found.sort((a, b) => Number(b.lang === 'en') - Number(a.lang === 'en') || a.lang.localeCompare(b.lang) || a.namespace.localeCompare(b.namespace));
}

/** Seeds every bundle (missing bundles and missing keys only; a stored message is never changed). */
export async function seedBundles(repo: BundleRepository, at: string): Promise<void> {
  const seeds = await readSeedBundles();
  const english = new Map<string, BundleDoc>();
  for (const { lang, namespace, messages } of seeds) {
    const source = english.get(namespace);
    const entries = entriesToStore(lang, messages, source, undefined);
    if (lang === 'en') english.set(namespace, { _id: `en:${namespace}`, lang, namespace, entries, updatedAt: at });
    await repo.seed(lang, namespace, entries, at);
  }
}
