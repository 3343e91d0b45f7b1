import { CONTACTS_PATH, ContactLookupQuerySchema, MailContactSchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia } from 'elysia';
import type { AuthWiring } from '../wiring.ts';
import { findMailContact } from './mail-contact.ts';

/**
 * Contact lookups for other services' mail (internal: the gateway never routes /internal, and
 * auth is reached only from the service network). Answers an email and a name, nothing more.
 */
export function contactRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:contacts' }).get(CONTACTS_PATH, async ({ query }) => ok(await findMailContact(s.repositories, query)), {
    query: ContactLookupQuerySchema,
    response: { 200: envelopeOf(MailContactSchema, 'MailContactEnvelope') },
    detail: { hide: true },
  });
}
