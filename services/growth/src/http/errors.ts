import { errorEnvelopeSchema, GROWTH_ERROR_STATUS } from '@tm/contracts';

/** Growth's error envelope for its OpenAPI responses: `error.code` lists growth's codes and the common ones. */
export const ErrorEnvelopeSchema = errorEnvelopeSchema(GROWTH_ERROR_STATUS);

/** The error responses of an operation, by status. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 429 | 503)[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema])) as Record<number, typeof ErrorEnvelopeSchema>;
}
