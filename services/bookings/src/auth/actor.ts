import { DomainError } from '@tm/shared';
import type { Actor } from '../bookings/model.ts';
import type { TokenVerifier } from './token-verifier.ts';

/** The caller of a request, from its bearer token (401 UNAUTHORIZED without a valid access token). */
export async function actorOf(tokens: TokenVerifier, request: Request): Promise<Actor> {
  const p = await tokens.principal(request.headers.get('authorization'));
  return { id: p.sub, role: p.role, ...(p.pid ? { pid: p.pid } : {}) };
}

/** Ids this service hands out are 24-hex; anything else in a path or body is a 400, never a lookup. */
export function checkId(value: string, what: string): string {
  if (!/^[0-9a-f]{24}$/.test(value)) throw new DomainError('INVALID_ID', `${what} must be a 24-character hex id`);
  return value;
}
