import { COMMON_ERROR_STATUS, type CommonErrorCode, GATEWAY_ERROR_STATUS, type GatewayErrorCode } from '@tm/contracts';
import { type ErrorEnvelope, fail } from '@tm/shared';

/** A code the gateway answers itself: its own table's or a common one. */
export type GatewayCode = GatewayErrorCode | CommonErrorCode;

const STATUS: Readonly<Record<GatewayCode, number>> = { ...COMMON_ERROR_STATUS, ...GATEWAY_ERROR_STATUS };

/** The status of a gateway-made answer, from the gateway's error table in @tm/contracts. */
export function gatewayStatus(code: GatewayCode): number {
  return STATUS[code];
}

/** A gateway-made error answer: the status from the table plus the envelope. */
export interface GatewayFailure {
  status: number;
  body: ErrorEnvelope;
}

/** Builds the answer for `code`; `message` must be safe to show to any caller. */
export function gatewayFailure(code: GatewayCode, message: string): GatewayFailure {
  return { status: STATUS[code], body: fail(code, message) };
}
