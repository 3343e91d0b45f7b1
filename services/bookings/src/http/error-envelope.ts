import { BOOKINGS_ERROR_STATUS, errorEnvelopeSchema } from '@tm/contracts';

/** Bookings' error envelope for its OpenAPI responses: `error.code` lists bookings' codes and the common ones. */
export const ErrorEnvelopeSchema = errorEnvelopeSchema(BOOKINGS_ERROR_STATUS);
