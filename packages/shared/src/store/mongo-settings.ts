import { MongoClient } from 'mongodb';
import { read, redactCredentials } from '../core/config.ts';

/**
 * MONGODB_URL checked exactly as the driver parses it: replica-set strings with several hosts
 * (`mongodb://a:27017,b:27017/auth?replicaSet=rs0`), `mongodb+srv://` and every option the
 * driver knows; an unknown option or a bad value is refused at start, naming the problem.
 * Constructing a MongoClient parses without connecting (SRV records are resolved at connect).
 */
export function checkMongoUrl(value: string): string {
  try {
    new MongoClient(value);
  } catch (err) {
    throw new Error(`is not a connection string the MongoDB driver accepts (${(err as Error).message}): "${redactCredentials(value)}"`);
  }
  return value;
}

/**
 * The database a service uses: the URL's path when it names one, else the service's own name
 * (the driver would otherwise use `test`, and two services sharing a URL would share a database).
 */
export function mongoDatabaseName(url: string, service: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?#]*\/([^?#]*)/.exec(url)?.[1] ?? '';
  return path ? decodeURIComponent(path) : service;
}

/** The MongoDB variables every service with a database reads (docs/data-layer.md). */
export const MONGO_SETTINGS = {
  MONGODB_URL: (raw: string | undefined) => (raw === undefined ? undefined : checkMongoUrl(raw)),
  /** Upper bound on server selection, pool checkout and an unanswered operation (socketTimeoutMS), and on the /readyz ping. */
  MONGODB_TIMEOUT_MS: read.int(5_000, { min: 100, max: 120_000 }),
  MONGODB_MAX_POOL_SIZE: read.int(20, { min: 1, max: 1_000 }),
  MONGODB_MIN_POOL_SIZE: read.int(0, { min: 0, max: 1_000 }),
};

/** The resolved connection settings main.ts passes to createMongoDocumentStore. */
export interface MongoSettings {
  url: string;
  database: string;
  timeoutMs: number;
  maxPoolSize: number;
  minPoolSize: number;
  /** 'primary' where the service reads its own writes (auth); the URL's choice otherwise. */
  readPreference?: 'primary';
}

/** Builds MongoSettings from a parsed config holding MONGO_SETTINGS. */
export function mongoSettingsFrom(
  config: { MONGODB_URL?: string; MONGODB_TIMEOUT_MS: number; MONGODB_MAX_POOL_SIZE: number; MONGODB_MIN_POOL_SIZE: number },
  service: string,
  extra: { readPreference?: 'primary' } = {},
): MongoSettings | undefined {
  if (!config.MONGODB_URL) return undefined;
  return {
    url: config.MONGODB_URL,
    database: mongoDatabaseName(config.MONGODB_URL, service),
    timeoutMs: config.MONGODB_TIMEOUT_MS,
    maxPoolSize: config.MONGODB_MAX_POOL_SIZE,
    minPoolSize: Math.min(config.MONGODB_MIN_POOL_SIZE, config.MONGODB_MAX_POOL_SIZE),
    ...extra,
  };
}
