/** `@tm/shared/http`: the Elysia parts every service puts in front of its routes, and its OpenAPI description. */
export { ErrorEnvelopeSchema, envelopeOf, serviceOpenApi } from './openapi.ts';
export { pathOfUrl, type ReadinessCheck, requestIdOf, SERVICE_APP_CONFIG, type ServiceBaseOptions, serviceBase } from './service-base.ts';
export { validatorOf } from './validator.ts';
