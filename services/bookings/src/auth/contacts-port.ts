import { CONTACTS_PATH, type MailContact, MailContactSchema } from '@tm/contracts';
import { type ClientKit, createServiceClient } from '@tm/shared/client';

/**
 * Where bookings may mail a person: auth's `GET /internal/contacts`, by account id (a customer's
 * receipts) or by talent profile (the PM an assignment goes to). Undefined when auth knows no
 * such account; throws when auth cannot answer, so the mail is tried again later.
 */
export interface ContactsPort {
  byUserId(userId: string): Promise<MailContact | undefined>;
  byProfileId(profileId: string): Promise<MailContact | undefined>;
}

/** Auth could not tell (unreachable, too slow, an unusable answer): the caller retries later. */
export class ContactsUnavailableError extends Error {
  override readonly name = 'ContactsUnavailableError';
}

/** Auth over HTTP through the shared service client, with a timeout. */
export function createHttpContacts(options: { baseUrl: string; timeoutMs: number } & ClientKit): ContactsPort {
  const client = createServiceClient({ service: 'auth', ...options });
  const lookup = async (query: { userId: string } | { profileId: string }) => {
    const res = await client.call(CONTACTS_PATH, { schema: MailContactSchema, query });
    if (res.ok) return res.data;
    if (res.status === 404 && res.code === 'CONTACT_NOT_FOUND') return undefined;
    throw new ContactsUnavailableError(`auth answered ${res.status} ${res.code}: ${res.message}`);
  };
  return {
    byUserId: (userId) => lookup({ userId }),
    byProfileId: (profileId) => lookup({ profileId }),
  };
}
