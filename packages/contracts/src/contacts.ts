import { t } from 'elysia';

/**
 * Where a service may send a person mail: auth answers the email and name of one account, found
 * by its user id or by the talent profile a staff account is linked to (a PM's `pid`). Internal:
 * served by auth, never routed by the gateway; it answers nothing but what a mail needs.
 */
export const CONTACTS_PATH = '/internal/contacts';

/** Exactly one of the two. */
export const ContactLookupQuerySchema = t.Object(
  {
    userId: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'An account id (the `sub` claim)' })),
    profileId: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'The talent profile a staff account is linked to (the `pid` claim)' })),
  },
  { additionalProperties: false },
);
export type ContactLookupQuery = typeof ContactLookupQuerySchema.static;

/**
 * An account's mail address and name; either may be missing (a customer known only by mobile).
 * A customer's verified mobile comes too: growth finds a person's leads (sent from a public form,
 * with no account) by email and mobile for the account export.
 */
export const MailContactSchema = t.Object(
  {
    email: t.Optional(t.String({ description: 'Lower-cased' })),
    name: t.Optional(t.String()),
    mobile: t.Optional(t.String({ description: "A customer's verified mobile, E.164" })),
  },
  { title: 'MailContact' },
);
export type MailContact = typeof MailContactSchema.static;
