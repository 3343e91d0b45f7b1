import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { COMMON_ERROR_STATUS } from '@tm/contracts';
import type { UpstreamResult } from './upstream.ts';

/**
 * True when `value` is what the contract's `schema` says. A tolerant reader: properties the
 * contract does not name are ignored (a service may add a field before the gateway knows it),
 * every property it names must hold.
 */
export function conformsTo<S extends TSchema>(schema: S, value: unknown): value is Static<S> {
  return Value.Check(schema, Value.Clean(schema, Value.Clone(value)));
}

/**
 * Keeps the entries that match the contract and drops the rest, so one malformed record from a
 * service cannot take a whole site file down.
 */
export function keepConforming<S extends TSchema>(schema: S, items: unknown): Static<S>[] {
  return Array.isArray(items) ? items.filter((item): item is Static<S> => conformsTo(schema, item)) : [];
}

/**
 * A service's successful answer checked against the contract: data that does not match is the
 * same failure, with the same code (UPSTREAM_ERROR, 502), as an answer without the envelope.
 */
export function checkedAnswer<S extends TSchema>(res: UpstreamResult<unknown>, schema: S, service: string): UpstreamResult<Static<S>> {
  if (!res.ok || conformsTo(schema, res.data)) return res as UpstreamResult<Static<S>>;
  return { ok: false, status: COMMON_ERROR_STATUS.UPSTREAM_ERROR, code: 'UPSTREAM_ERROR', message: `The ${service} service gave an unusable answer` };
}
