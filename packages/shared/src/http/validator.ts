import type { TSchema } from '@sinclair/typebox';
// biome-ignore lint/style/noRestrictedImports: the one wrapper, which hands it a copy
import { getSchemaValidator } from 'elysia';

/**
 * A checker for a shared schema (a contract object) that leaves the schema as it is. Elysia's
 * getSchemaValidator writes `additionalProperties` onto the object schema it is given (false by
 * default, or the option), so handing it a contract object changed that object for every other
 * user in the process: the catalog's check of talent's previews (extra fields allowed) made its
 * own OpenAPI part render PmPreview with `additionalProperties: true`, which no longer matched the
 * gateway's component, and the served document repeated Service inline instead of referring to it.
 */
export function validatorOf<S extends TSchema>(schema: S, options: { additionalProperties?: boolean } = {}) {
  return getSchemaValidator({ ...schema }, options);
}
