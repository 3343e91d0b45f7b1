import { CATALOG_ERROR_STATUS, errorEnvelopeSchema } from '@tm/contracts';

/** The catalog's error envelope for its OpenAPI responses: `error.code` lists the catalog's codes and the common ones. */
export const ErrorEnvelopeSchema = errorEnvelopeSchema(CATALOG_ERROR_STATUS);
