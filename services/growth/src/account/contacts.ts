import { CONTACTS_PATH, MailContactSchema } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';

/** A person's contact data from auth, to find the leads they sent from the public form. */
export interface PersonContacts {
  /** Confirmed email(s) and verified mobile; empty when auth knows no such customer. Throws 503 when auth cannot answer. */
  of(userId: string): Promise<{ emails: string[]; mobile?: string }>;
}

/** Auth's `GET /internal/contacts` through the shared service client. */
export function createHttpPersonContacts(options: { baseUrl: string; timeoutMs: number } & ClientKit): PersonContacts {
  const client = createServiceClient({ service: 'auth', ...options });
  return {
    async of(userId) {
      const res = await client.call(CONTACTS_PATH, { schema: MailContactSchema, query: { userId } });
      if (res.ok) return { emails: res.data.email ? [res.data.email] : [], ...(res.data.mobile ? { mobile: res.data.mobile } : {}) };
      if (res.status === 404) return { emails: [] };
      throw new DomainError('UPSTREAM_UNAVAILABLE', 'Auth cannot be asked for the account’s contact data right now; try again shortly');
    },
  };
}
