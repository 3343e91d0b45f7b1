import type { Lang, LegalType, Role } from '@tm/contracts';
import type { LegalVersionDoc, StoredTranslation } from './model.ts';

/** sha256 of a body's UTF-8 bytes, lower-case hex. */
export function bodyHashOf(body: string): string {
  return new Bun.CryptoHasher('sha256').update(body).digest('hex');
}

/**
 * The version in effect at `nowMs` among one type's versions for one market: the highest version
 * whose `effectiveAt` has come. A later version that took effect earlier than a scheduled one
 * wins: numbers, not dates, order the versions.
 */
export function versionInEffect(versions: readonly LegalVersionDoc[], nowMs: number): LegalVersionDoc | undefined {
  let best: LegalVersionDoc | undefined;
  for (const v of versions) if (Date.parse(v.effectiveAt) <= nowMs && (!best || v.version > best.version)) best = v;
  return best;
}

/**
 * Whether `current` counts as accepted by someone who accepted `accepted` versions: they accepted
 * it, or accepted an earlier version and every version after that one up to `current` is
 * non-material (a correction carries the earlier consent; a material change asks again; in
 * Germany silence is not consent).
 */
export function countsAsAccepted(versions: readonly LegalVersionDoc[], current: number, accepted: readonly number[]): boolean {
  const byNumber = new Map(versions.map((v) => [v.version, v]));
  for (const a of accepted) {
    if (a === current) return true;
    if (a > current) continue;
    let carried = true;
    for (let n = a + 1; n <= current; n++) {
      const v = byNumber.get(n);
      if (!v || v.material) {
        carried = false;
        break;
      }
    }
    if (carried) return true;
  }
  return false;
}

/** What each role must accept (design/content.md): customers and guests the terms and privacy; talent their agreement and privacy. */
export function typesToAccept(role: Role): readonly LegalType[] {
  if (role === 'customer' || role === 'guest') return ['terms', 'privacy'];
  if (role === 'pm' || role === 'resource') return ['talent-agreement', 'privacy'];
  return [];
}

/** The translation shown to a reader of `lang`: theirs, else English (always present). */
export function translationFor(version: LegalVersionDoc, lang: Lang): { lang: Lang; translation: StoredTranslation } {
  const own = version.translations[lang];
  if (own) return { lang, translation: own };
  return { lang: 'en', translation: version.translations.en as StoredTranslation };
}
