/** `@tm/shared/store/mongo`: the document store on MongoDB (loads the driver). */
export { connectMongoDocumentStore, mongoDocumentStore } from './mongo-documents.ts';
