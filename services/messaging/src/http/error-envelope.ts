import { errorEnvelopeSchema, MESSAGING_ERROR_STATUS } from '@tm/contracts';

/** The messaging error envelope for its OpenAPI responses: the codes it may answer. */
export const ErrorEnvelopeSchema = errorEnvelopeSchema(MESSAGING_ERROR_STATUS);

/** The error responses of an operation, by status. */
export function errorResponses(...statuses: (400 | 401 | 404 | 409 | 429 | 503)[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as Record<number, typeof ErrorEnvelopeSchema>;
}
