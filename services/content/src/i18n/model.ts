import type { Lang } from '@tm/contracts';

/** One message of a stored bundle; `src` (translations only) is the hash of the English text it was translated from. */
export interface StoredMessage {
  k: string;
  v: string;
  src?: string;
}

/**
 * A bundle as stored (`i18n_bundles`, `_id` `lang:namespace`). Messages are a list of entries,
 * not an object: keys such as `booking.total` would be read as paths by MongoDB's operators.
 */
export interface BundleDoc {
  _id: string;
  lang: Lang;
  namespace: string;
  entries: StoredMessage[];
  updatedAt: string;
  [key: string]: unknown;
}

export const bundleId = (lang: Lang, namespace: string) => `${lang}:${namespace}`;
