/** `@tm/shared/store/mongo`: the document store on MongoDB (loads the driver), its settings and URL checks. */
export {
  connectMongoDocumentStore,
  createMongoDocumentStore,
  decodeBson,
  decodeStoredBson,
  encodeBson,
  isMongoUnavailable,
  mongoDocumentStore,
} from './mongo-documents.ts';
export { checkMongoUrl, MONGO_SETTINGS, type MongoSettings, mongoDatabaseName, mongoSettingsFrom } from './mongo-settings.ts';
