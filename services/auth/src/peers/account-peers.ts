import { type AccountErasureRequest, type AccountExportPart, AccountExportPartSchema, accountErasePath, accountExportPath } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';
import { t } from 'elysia';

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

/** An erasure answer's data: whatever the peer says, only its success matters. */
const ErasedSchema = t.Unknown();

/** One peer over the shared service client at `url` (BOOKINGS_URL for bookings). */
export function createHttpAccountPeer(options: { service: string; url: string; timeoutMs: number } & ClientKit): AccountPeer {
  const { url, ...rest } = options;
  const client = createServiceClient({ baseUrl: url, ...rest });
  const unavailable = (why: string) =>
    new DomainError('UPSTREAM_UNAVAILABLE', `The ${options.service} service cannot be reached right now (${why}); try again shortly`);
  return {
    service: options.service,
    async export(userId) {
      const res = await client.call(accountExportPath(userId), { schema: AccountExportPartSchema });
      if (!res.ok) throw unavailable(res.code === 'UPSTREAM_TIMEOUT' ? 'timeout' : `answered ${res.status}`);
      return res.data;
    },
    async erase(userId, person) {
      const res = await client.call(accountErasePath(userId), { method: 'POST', body: person, schema: ErasedSchema });
      if (res.ok) return 'erased';
      if (res.status === 409 && res.code === 'ACCOUNT_HAS_ACTIVE_BOOKINGS') return 'active-bookings';
      throw unavailable(res.code === 'UPSTREAM_TIMEOUT' ? 'timeout' : `answered ${res.status}`);
    },
  };
}
