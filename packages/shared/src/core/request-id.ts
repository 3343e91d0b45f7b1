/** Header that carries the request id from the gateway through every service and log line. */
export const REQUEST_ID_HEADER = 'x-request-id';

const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** The caller's id when well formed (8-128 of [A-Za-z0-9._:-]), otherwise a fresh UUID. */
export function acceptRequestId(header: string | null | undefined): string {
  return header && WELL_FORMED.test(header) ? header : crypto.randomUUID();
}
