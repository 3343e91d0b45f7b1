/** The OpenAPI `detail` of each legal operation: the descriptions are where the choices the design leaves open are written down. */
const MARKET =
  'X-Country picks the market (IN default; AE, DE, US, AU; unknown -> 400 INVALID_COUNTRY). X-Lang picks the translation ' +
  '(en, hi, ar, de; English when the version has none in that language); Content-Language says which was served.';

export const LEGAL_DOCS = {
  get: {
    operationId: 'getLegalDocument',
    summary: 'The legal document in effect',
    tags: ['Legal'],
    description:
      `The version of {type} (terms, privacy, refund, cookies, talent-agreement) in effect in the caller's market: the highest version whose effectiveAt has come. ${MARKET} ` +
      'bodyHash is the sha256 (hex) of the body as served. Prebuilt: strong ETag, Cache-Control: public, no-cache, and a matching If-None-Match answers 304 with no body. ' +
      'Unknown type, or no version in effect in the market -> 404 LEGAL_DOCUMENT_NOT_FOUND.',
  },
  versions: {
    operationId: 'listLegalVersions',
    summary: "Every version of a document in the caller's market",
    tags: ['Legal'],
    description:
      'Newest first: {version, effectiveAt, material, langs}, scheduled versions (effectiveAt still to come) included. ' +
      'A material version must be accepted again; a non-material one (a correction) carries an earlier acceptance. Unknown type -> 404 LEGAL_DOCUMENT_NOT_FOUND.',
  },
  create: {
    operationId: 'createLegalVersion',
    summary: 'Publish a new version (admin)',
    tags: ['Legal'],
    description:
      'The next version number for the type and market. English is required; hi, ar and de are optional. An effectiveAt in the past or now makes it ' +
      'the version in effect at once; a later one schedules it. A published version never changes: a correction is a new, non-material version. ' +
      '401 without a token, 403 for any role but admin.',
  },
  accept: {
    operationId: 'acceptLegalDocument',
    summary: 'Accept the document in effect',
    tags: ['Legal'],
    description:
      'Any signed-in caller, guests too; the market comes from X-Country, the translation shown from X-Lang. The server records the caller, its own time, the client IP and the user agent. ' +
      '201 with the acceptance; the same acceptance again answers 200 with the stored one and records nothing new. ' +
      'A version that is not the one in effect -> 409 LEGAL_VERSION_NOT_CURRENT; no version in effect -> 404 LEGAL_DOCUMENT_NOT_FOUND. Acceptances are never changed or removed ' +
      '(deleting the account removes their IP and user agent and keeps them as evidence).',
  },
  pending: {
    operationId: 'listPendingLegalDocuments',
    summary: 'What the caller still has to accept',
    tags: ['Legal'],
    description:
      'The documents in effect in the market that the caller’s role must accept and has not: customers and guests terms and privacy; pm and resource ' +
      'talent-agreement and privacy; admins nothing. A version counts as accepted when the caller accepted it, or accepted an earlier version and every version since is non-material.',
  },
};
