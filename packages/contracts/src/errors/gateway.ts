import { CATALOG_ERROR_STATUS } from './catalog.ts';
import type { ErrorStatusTable } from './common.ts';
import { TALENT_ERROR_STATUS } from './talent.ts';

/**
 * The codes the gateway answers itself (the common codes come on top; answers relayed from a
 * service keep that service's code). The MCP tools answer three of the services' codes for
 * input they refuse before calling a service: the same failure keeps the same code and status.
 */
export const GATEWAY_ERROR_STATUS = {
  MALFORMED_BODY: 400,
  REQUEST_TIMEOUT: 408,
  OPENAPI_UNAVAILABLE: 503,
  INVALID_COUNTRY: CATALOG_ERROR_STATUS.INVALID_COUNTRY,
  SERVICE_NOT_FOUND: CATALOG_ERROR_STATUS.SERVICE_NOT_FOUND,
  PROFILE_NOT_FOUND: TALENT_ERROR_STATUS.PROFILE_NOT_FOUND,
} as const satisfies ErrorStatusTable;

export type GatewayErrorCode = keyof typeof GATEWAY_ERROR_STATUS;
