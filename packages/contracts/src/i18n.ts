import { t } from 'elysia';
import { LangSchema } from './markets.ts';

/**
 * Localization bundles (design/content.md "Localization"): flat objects of ICU MessageFormat
 * strings per language and namespace, the locale list, the manifest and an admin's status report.
 */

/** The namespaces every language has from the first start (an admin's English PUT adds another). */
export const BASE_NAMESPACES = ['common', 'checkout', 'errors'] as const;

/** A namespace name: lower-case words joined by hyphens. */
export const NAMESPACE_PATTERN = '^[a-z][a-z0-9-]{0,39}$';
/** A message key: dotted, underscored or hyphenated words (an error code is one). */
export const MESSAGE_KEY_PATTERN = '^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$';
export const MAX_MESSAGES_PER_BUNDLE = 2000;
export const MAX_MESSAGE_LENGTH = 4000;

export const LocaleSchema = t.Object(
  { code: LangSchema, name: t.String({ description: 'The language named in itself' }), dir: t.UnionEnum(['ltr', 'rtl']) },
  { title: 'Locale' },
);
export type Locale = typeof LocaleSchema.static;

/** A bundle: message key to ICU MessageFormat string. */
export const MessageBundleSchema = t.Record(t.String(), t.String(), { title: 'MessageBundle', description: 'Key to ICU MessageFormat string' });
export type MessageBundle = typeof MessageBundleSchema.static;

/** `PUT /i18n/{lang}/{namespace}`: the whole bundle, replaced. */
export const PutBundleBodySchema = t.Object(
  {
    messages: t.Record(t.String({ pattern: MESSAGE_KEY_PATTERN }), t.String({ maxLength: MAX_MESSAGE_LENGTH }), {
      maxProperties: MAX_MESSAGES_PER_BUNDLE,
      description: 'Every value must parse as ICU MessageFormat',
    }),
  },
  { additionalProperties: false, title: 'PutBundleBody' },
);
export type PutBundleBody = typeof PutBundleBodySchema.static;

/** The answer to a PUT: what is stored now. */
export const StoredBundleSchema = t.Object(
  {
    lang: LangSchema,
    namespace: t.String(),
    keys: t.Integer({ minimum: 0 }),
    hash: t.String({ description: 'The ETag of the bundle as served (English filling missing keys)' }),
    updatedAt: t.String({ format: 'date-time' }),
  },
  { title: 'StoredBundle' },
);

/** `GET /i18n/manifest`: each language's namespaces and the hash (the ETag) of each as served. */
export const I18nManifestSchema = t.Record(t.String(), t.Record(t.String(), t.String()), {
  title: 'I18nManifest',
  description: '{<lang>: {<namespace>: <hash>}}; a client refetches only what changed',
});

/** `GET /i18n/{lang}/{namespace}/status`: keys with no translation, and translations older than their English source. */
export const BundleStatusSchema = t.Object({ missing: t.Array(t.String()), stale: t.Array(t.String()) }, { title: 'BundleStatus' });
export type BundleStatus = typeof BundleStatusSchema.static;
