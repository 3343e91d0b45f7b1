import { CONTACTS_PATH, MailContactSchema } from '@tm/contracts';
import { type ClientKit, createServiceClient } from '@tm/shared/client';

/** The name a reviewer's account carries, to show them as "Ada L.". */
export interface NamesPort {
  /** The account's name, or undefined when auth has none or cannot answer (the review is then shown as by a "Verified customer"). */
  nameOf(userId: string): Promise<string | undefined>;
}

/** Auth's `GET /internal/contacts` over the shared service client; never fails a review. */
export function createHttpNames(options: { baseUrl: string; timeoutMs: number } & ClientKit): NamesPort {
  const client = createServiceClient({ service: 'auth', ...options });
  return {
    async nameOf(userId) {
      const res = await client.call(CONTACTS_PATH, { schema: MailContactSchema, query: { userId } });
      return res.ok ? res.data.name : undefined;
    },
  };
}
