/** `@tm/shared/store/embedded`: the in-process stores (mingo documents, a Map of keys) for development and tests. */
export { createEmbeddedDocumentStore } from './embedded-documents.ts';
export { createEmbeddedKeyValueStore } from './embedded-key-value.ts';
