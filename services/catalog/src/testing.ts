/**
 * `@tm/catalog/testing`: what other workspaces' tests may build of the catalog (the gateway's
 * tests run a real catalog app in process). Nothing here is for production code.
 */
export { seedServices } from '../seed/seed.ts';
export { createApp } from './app.ts';
export { createServiceRepository } from './domain/repository.ts';
export { createTalentClient, noTalent } from './talent/client.ts';
export { createTestCatalog } from './test-support.ts';
