import { errorEnvelopeSchema, REVIEWS_ERROR_STATUS } from '@tm/contracts';

/** Reviews' error envelope for its OpenAPI responses: `error.code` lists reviews' codes and the common ones. */
export const ErrorEnvelopeSchema = errorEnvelopeSchema(REVIEWS_ERROR_STATUS);

/** The error responses of an operation, by status. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 503)[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as Record<number, typeof ErrorEnvelopeSchema>;
}
