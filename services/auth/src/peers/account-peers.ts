import { Value } from '@sinclair/typebox/value';
import { type AccountErasureRequest, type AccountExportPart, AccountExportPartSchema, accountErasePath, accountExportPath } from '@tm/contracts';
import { DomainError } from '@tm/shared';

/** What erasing a person in one service came to. */
export type ErasureOutcome = 'erased' | 'active-bookings';

/**
 * A service holding personal data (bookings, messaging, content, reviews, growth), asked over its internal account endpoints
 * (packages/contracts/src/account.ts). Failures to reach it, or answers outside the contract, are
 * 503 UPSTREAM_UNAVAILABLE: the caller cannot tell what the service holds.
 */
export interface AccountPeer {
  readonly service: string;
  export(userId: string): Promise<AccountExportPart>;
  /** `person`: the contact data auth knows, for services that match records by it (growth's leads). */
  erase(userId: string, person: AccountErasureRequest): Promise<ErasureOutcome>;
}

/** One peer over HTTP at `url` (BOOKINGS_URL for bookings). */
export function createHttpAccountPeer(options: { service: string; url: string; timeoutMs: number; fetch?: typeof fetch }): AccountPeer {
  const doFetch = options.fetch ?? fetch;
  const unavailable = (why: string) =>
    new DomainError('UPSTREAM_UNAVAILABLE', `The ${options.service} service cannot be reached right now (${why}); try again shortly`);
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: { data?: unknown; error?: { code?: unknown } } | null }> {
    let res: Response;
    try {
      res = await doFetch(`${options.url}${path}`, {
        method,
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      throw unavailable((err as Error).name === 'TimeoutError' ? 'timeout' : 'no answer');
    }
    return { status: res.status, body: (await res.json().catch(() => null)) as never };
  }
  return {
    service: options.service,
    async export(userId) {
      const { status, body } = await call('GET', accountExportPath(userId));
      if (status !== 200 || !Value.Check(AccountExportPartSchema, body?.data)) throw unavailable(`answered ${status}`);
      return body.data;
    },
    async erase(userId, person) {
      const { status, body } = await call('POST', accountErasePath(userId), person);
      if (status === 409 && body?.error?.code === 'ACCOUNT_HAS_ACTIVE_BOOKINGS') return 'active-bookings';
      if (status !== 200) throw unavailable(`answered ${status}`);
      return 'erased';
    },
  };
}
