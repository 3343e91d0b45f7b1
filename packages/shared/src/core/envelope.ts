/** The response envelope every JSON body under /api uses (spec section 2). */
export type SuccessEnvelope<T> = { success: true; data: T };
/** The error half of the envelope (spec section 7). */
export type ErrorEnvelope = { success: false; error: { code: string; message: string } };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

/** Wraps a payload in the success envelope. */
export function ok<T>(data: T): SuccessEnvelope<T> {
  return { success: true, data };
}

/** Builds the error envelope; `message` must be safe to show to any caller. */
export function fail(code: string, message: string): ErrorEnvelope {
  return { success: false, error: { code, message } };
}

/** True when `value` has the shape of an envelope (used where upstream bodies are checked). */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.success === true) return 'data' in v;
  if (v.success !== false) return false;
  const e = v.error as Record<string, unknown> | undefined;
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.message === 'string';
}
