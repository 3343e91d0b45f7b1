import { ASSISTANT_ERROR_STATUS, errorEnvelopeSchema } from '@tm/contracts';

/** The assistant's error envelope for its OpenAPI responses: the codes it may answer. */
export const ErrorEnvelopeSchema = errorEnvelopeSchema(ASSISTANT_ERROR_STATUS);
