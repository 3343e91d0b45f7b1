import { envelopeOf } from '@tm/shared/http';
import { t } from 'elysia';
import { SIGN_OUT_SCOPES } from './session-list.ts';

/** One live session as its owner sees it (`GET /account/sessions`). */
export const SessionViewSchema = t.Object(
  {
    id: t.String({ description: 'The session id: the `sid` claim of its tokens' }),
    createdAt: t.String({ format: 'date-time', description: 'Sign-in time' }),
    lastUsedAt: t.String({ format: 'date-time', description: 'Last refresh or account call (kept to the minute)' }),
    userAgent: t.Union([t.String(), t.Null()], { description: 'User-Agent of the sign-in' }),
    current: t.Boolean({ description: 'True for the session of the token asking' }),
  },
  { title: 'AccountSession' },
);
export const SessionListEnvelope = envelopeOf(t.Array(SessionViewSchema), 'AccountSessionListEnvelope');

/** `POST /account/sign-out` takes no body, `{}`, or `{ scope }`. */
export const SignOutBody = t.Object(
  {
    scope: t.Optional(
      t.Union(
        SIGN_OUT_SCOPES.map((s) => t.Literal(s)),
        { description: 'current (default): this session; others: every other session; all: every session' },
      ),
    ),
  },
  { title: 'SignOutRequest', additionalProperties: false },
);
export const SignedOutEnvelope = envelopeOf(
  t.Object({ updated: t.Boolean(), revoked: t.Integer({ minimum: 0, description: 'Sessions ended by this call' }) }),
  'SignedOutEnvelope',
);
export const SessionIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });
