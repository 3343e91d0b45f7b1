/** The OpenAPI `detail` of each localization operation. */
const PREBUILT = 'Prebuilt per data version: a strong ETag, Cache-Control: public, no-cache; a matching If-None-Match answers 304 with no body.';

export const I18N_DOCS = {
  locales: {
    operationId: 'listLocales',
    summary: 'The locales copy is written in',
    tags: ['Localization'],
    description: '[{code, name, dir}] for en, hi, ar (dir rtl) and de; name is the language named in itself.',
  },
  manifest: {
    operationId: 'getI18nManifest',
    summary: 'The hash of every bundle',
    tags: ['Localization'],
    description: `{<lang>: {<namespace>: <hash>}}: the hash is the bundle's ETag without quotes, so a client refetches only the bundles whose hash changed. ${PREBUILT}`,
  },
  bundle: {
    operationId: 'getMessageBundle',
    summary: 'One message bundle',
    tags: ['Localization'],
    description:
      'A flat object of ICU MessageFormat strings (key to message) for the language, with the English message for every key the language lacks. ' +
      `Namespaces: common, checkout and errors (one message per public error code of every service), and any an admin added. ${PREBUILT} ` +
      'Unknown language (exactly en, hi, ar or de) -> 404 LOCALE_NOT_FOUND; unknown namespace -> 404 NAMESPACE_NOT_FOUND.',
  },
  put: {
    operationId: 'putMessageBundle',
    summary: 'Replace a message bundle (admin)',
    tags: ['Localization'],
    description:
      'The whole bundle is replaced by {messages}. Every value must parse as ICU MessageFormat (FormatJS parser; select and plural need an other clause), ' +
      'else 400 INVALID_MESSAGE naming the key. Keys: letters, digits, _ . - (at most 200 characters), at most 2000 messages of at most 4000 characters. ' +
      'An English PUT may create a namespace (400 INVALID_NAMESPACE unless lower-case letters, digits and hyphens); a translation of a namespace English lacks -> 404 NAMESPACE_NOT_FOUND. ' +
      'Each translated message remembers the English text it was made from (for the status report); a message sent unchanged keeps what it had.',
  },
  status: {
    operationId: 'getMessageBundleStatus',
    summary: 'Missing and stale translations (admin)',
    tags: ['Localization'],
    description:
      'missing: English keys the language has no message for; stale: messages whose English source changed after they were written. English itself has neither.',
  },
};
