import { type BundleStatus, type Lang, MESSAGE_KEY_PATTERN, NAMESPACE_PATTERN } from '@tm/contracts';
import { type Clock, DomainError, ok } from '@tm/shared';
import type { PrebuiltAnswer } from '@tm/shared/search';
import type { ContentReadModel, ContentSnapshot } from '../read-model/read-model.ts';
import type { Revision } from '../read-model/revision.ts';
import { bundleStatus, entriesToStore, servedMessages } from './bundles.ts';
import { icuProblem } from './icu.ts';
import { LOCALES, localeOf } from './locales.ts';
import { bundleId } from './model.ts';
import type { BundleRepository } from './repository.ts';

export interface I18nDeps {
  bundles: BundleRepository;
  readModel: ContentReadModel;
  revision: Revision;
  clock: Clock;
}

const NAMESPACE = new RegExp(NAMESPACE_PATTERN);
const MESSAGE_KEY = new RegExp(MESSAGE_KEY_PATTERN);

/**
 * Every key of a PUT's messages must be a message key: 400 INVALID_MESSAGE naming the first that is
 * not. Messages that are not an object never get here: the route's guardWrite refuses them first
 * (Elysia would coerce a scalar into a record and store that).
 */
export function checkMessageKeys(messages: unknown): void {
  if (Array.isArray(messages)) throw new DomainError('VALIDATION_FAILED', 'messages must be an object of key to message');
  if (typeof messages !== 'object' || messages === null) return;
  const bad = Object.keys(messages).find((k) => !MESSAGE_KEY.test(k));
  if (bad !== undefined) throw new DomainError('INVALID_MESSAGE', `"${bad.slice(0, 60)}" is not a message key (letters, digits, _ . -; at most 200)`);
}

/** A path language, or 404 LOCALE_NOT_FOUND. */
export function requireLocale(raw: string): Lang {
  const lang = localeOf(raw);
  if (!lang) throw new DomainError('LOCALE_NOT_FOUND', `No locale "${raw.slice(0, 20)}"; see GET /api/i18n/locales`);
  return lang;
}

/** A namespace that exists (it has an English bundle), or 404 NAMESPACE_NOT_FOUND. */
function requireNamespace(snapshot: ContentSnapshot, raw: string): string {
  if (!snapshot.namespaces.includes(raw)) throw new DomainError('NAMESPACE_NOT_FOUND', `No namespace "${raw.slice(0, 40)}"`);
  return raw;
}

/** The served bundle (English filling missing keys) as a prebuilt envelope with its strong ETag. */
export function bundleAnswer(snapshot: ContentSnapshot, lang: Lang, namespace: string): PrebuiltAnswer {
  return snapshot.answer(`i18n:${lang}:${namespace}`, () =>
    JSON.stringify(ok(servedMessages(snapshot.bundles.get(bundleId('en', namespace)), snapshot.bundles.get(bundleId(lang, namespace))))),
  );
}

/** GET /i18n/{lang}/{namespace}. */
export async function readBundle(deps: I18nDeps, rawLang: string, rawNamespace: string): Promise<PrebuiltAnswer> {
  const lang = requireLocale(rawLang);
  const snapshot = await deps.readModel.current();
  return bundleAnswer(snapshot, lang, requireNamespace(snapshot, rawNamespace));
}

/** GET /i18n/manifest: every language's namespaces and the ETag each is served with. */
export async function manifest(deps: I18nDeps): Promise<PrebuiltAnswer> {
  const snapshot = await deps.readModel.current();
  return snapshot.answer('i18n-manifest', () => {
    const out: Record<string, Record<string, string>> = {};
    for (const { code } of LOCALES) {
      out[code] = Object.fromEntries(snapshot.namespaces.map((ns) => [ns, bundleAnswer(snapshot, code, ns).etag.replaceAll('"', '')]));
    }
    return JSON.stringify(ok(out));
  });
}

/**
 * PUT /i18n/{lang}/{namespace} (admin): every string must parse as ICU MessageFormat (else 400
 * INVALID_MESSAGE naming the key); the whole bundle is replaced. An English PUT may create a
 * namespace; a translation of a namespace English does not have is 404 NAMESPACE_NOT_FOUND.
 */
export async function replaceBundle(deps: I18nDeps, rawLang: string, namespace: string, messages: Record<string, string>) {
  const lang = requireLocale(rawLang);
  if (!NAMESPACE.test(namespace))
    throw new DomainError('INVALID_NAMESPACE', 'A namespace is lower-case letters, digits and hyphens, starting with a letter (at most 40)');
  for (const [key, text] of Object.entries(messages)) {
    const problem = icuProblem(text);
    if (problem) throw new DomainError('INVALID_MESSAGE', `Message "${key}" is not ICU MessageFormat: ${problem}`);
  }
  const english = await deps.bundles.find('en', namespace);
  if (lang !== 'en' && !english) throw new DomainError('NAMESPACE_NOT_FOUND', `No namespace "${namespace}": write its English bundle first`);
  const previous = lang === 'en' ? english : await deps.bundles.find(lang, namespace);
  const doc = await deps.bundles.replace(
    lang,
    namespace,
    entriesToStore(lang, messages, english ?? undefined, previous ?? undefined),
    new Date(deps.clock.now()).toISOString(),
  );
  await deps.revision.bump();
  await deps.readModel.refresh();
  const served = bundleAnswer(await deps.readModel.current(), lang, namespace);
  return { lang, namespace, keys: doc.entries.length, hash: served.etag.replaceAll('"', ''), updatedAt: doc.updatedAt };
}

/** GET /i18n/{lang}/{namespace}/status (admin), read from the store (an editor wants the truth, not a snapshot). */
export async function statusOf(deps: I18nDeps, rawLang: string, rawNamespace: string): Promise<BundleStatus> {
  const lang = requireLocale(rawLang);
  const english = NAMESPACE.test(rawNamespace) ? await deps.bundles.find('en', rawNamespace) : null;
  if (!english) throw new DomainError('NAMESPACE_NOT_FOUND', `No namespace "${rawNamespace.slice(0, 40)}"`);
  return bundleStatus(lang, english, (await deps.bundles.find(lang, rawNamespace)) ?? undefined);
}
