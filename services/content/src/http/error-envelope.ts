import { CONTENT_ERROR_STATUS, errorEnvelopeSchema } from '@tm/contracts';

/** Content's error envelope for its OpenAPI responses: `error.code` lists content's codes and the common ones. */
export const ErrorEnvelopeSchema = errorEnvelopeSchema(CONTENT_ERROR_STATUS);
