import type { AccessToken, AuthSession, Role, TokenClaims } from '@tm/contracts';
import { ACCESS_TTL_S, type Clock, DomainError, newId, REFRESH_TTL_S } from '@tm/shared';
import type { CustomerRepository } from '../customers/customer-repository.ts';
import type { StaffRepository } from '../staff/staff-repository.ts';
import type { TokenService } from '../tokens/token-service.ts';
import type { SessionDoc, SessionRepository, SubjectKind } from './session-repository.ts';

/** AuthSession as the API returns it: the contract's (DESIGN.md "Auth rules"). */
export type { AuthSession };

/** A verified access token whose session is still live. */
export interface Principal {
  claims: TokenClaims;
  session: SessionDoc;
}

const badRefresh = () => new DomainError('INVALID_REFRESH_TOKEN', 'The refresh token is invalid, expired or revoked');

/**
 * Sessions are server-side: every token names its session (`sid`), refresh and /account check
 * that it is live, and revoking it ends every token minted for it.
 */
export function createSessionService(deps: {
  sessions: SessionRepository;
  customers: CustomerRepository;
  staff: StaffRepository;
  tokens: TokenService;
  clock: Clock;
}) {
  const { tokens, clock } = deps;

  /** The role the subject holds now (a staff member's role may have changed), or null if gone. */
  async function currentRole(session: SessionDoc): Promise<Role | null> {
    if (session.subjectKind === 'guest') return 'guest';
    if (session.subjectKind === 'customer') return (await deps.customers.findById(session.subjectId)) ? 'customer' : null;
    return (await deps.staff.findById(session.subjectId))?.role ?? null;
  }

  return {
    /** Opens a session and mints its access and refresh tokens. */
    async start(subject: { id: string; kind: SubjectKind; role: Role }): Promise<AuthSession> {
      const sid = newId();
      const base = { sub: subject.id, role: subject.role, sid };
      const refresh = await tokens.sign({ ...base, typ: 'refresh' });
      const access = await tokens.sign({ ...base, typ: 'access' });
      const now = clock.now();
      await deps.sessions.insert({
        _id: sid,
        subjectId: subject.id,
        subjectKind: subject.kind,
        role: subject.role,
        refreshJti: refresh.claims.jti,
        createdAt: new Date(now),
        expiresAt: new Date(now + REFRESH_TTL_S * 1000),
        revokedAt: null,
      });
      return {
        accessToken: access.token,
        refreshToken: refresh.token,
        tokenType: 'Bearer',
        expiresIn: ACCESS_TTL_S,
        user: { id: subject.id, role: subject.role },
      };
    },

    /** A new access token for a refresh token whose session is live; never for an access token. */
    async refresh(refreshToken: string): Promise<AccessToken> {
      const claims = await tokens.verify(refreshToken, 'refresh');
      if (!claims) throw badRefresh();
      const session = await deps.sessions.findLive(claims.sid, new Date(clock.now()));
      if (!session || session.refreshJti !== claims.jti || session.subjectId !== claims.sub) throw badRefresh();
      const role = await currentRole(session);
      if (!role) throw badRefresh();
      const access = await tokens.sign({ sub: claims.sub, role, sid: session._id, typ: 'access' });
      return { accessToken: access.token };
    },

    /** The principal behind an access token, or null when the token or its session is not valid. */
    async authenticate(accessToken: string): Promise<Principal | null> {
      const claims = await tokens.verify(accessToken, 'access');
      if (!claims) return null;
      const session = await deps.sessions.findLive(claims.sid, new Date(clock.now()));
      if (!session || session.subjectId !== claims.sub) return null;
      return { claims, session };
    },

    /** Ends one session (sign-out). */
    async revoke(sid: string): Promise<void> {
      await deps.sessions.revoke(sid, new Date(clock.now()));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
