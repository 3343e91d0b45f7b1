import { SessionViewSchema, SignedOutSchema } from '@tm/contracts';
import { envelopeOf } from '@tm/shared/http';
import { t } from 'elysia';

/** The session routes' envelopes around the contract's shapes (packages/contracts/src/account.ts). */
export const SessionListEnvelope = envelopeOf(t.Array(SessionViewSchema), 'AccountSessionListEnvelope');
export const SignedOutEnvelope = envelopeOf(SignedOutSchema, 'SignedOutEnvelope');
export const SessionIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });
