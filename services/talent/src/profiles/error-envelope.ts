import { errorEnvelopeSchema, TALENT_ERROR_STATUS } from '@tm/contracts';

/** Talent's error envelope for its OpenAPI responses: `error.code` lists talent's codes and the common ones. */
export const ErrorEnvelopeSchema = errorEnvelopeSchema(TALENT_ERROR_STATUS);
