import type { AccessToken, AuthSession, Role, TokenClaims } from '@tm/contracts';
import { type Clock, DomainError, newId } from '@tm/shared';
import { ACCESS_TTL_S, REFRESH_TTL_S } from '@tm/shared/tokens';
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

/** Where a sign-in came from, as the session list shows it. */
export interface SessionContext {
  userAgent?: string | null;
}

/** What a live session's subject is now. */
interface Subject {
  role: Role;
  credentialsVersion: number;
  pid?: string;
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

  /** Records use at most once a minute, so a busy client does not write on every call. */
  async function touch(session: SessionDoc, now: Date): Promise<void> {
    if (session.lastUsedAt && now.getTime() - session.lastUsedAt.getTime() < 60_000) return;
    await deps.sessions.touch(session._id, now);
  }

  /** What the subject is now (a staff member's role, profile or credentials may have changed), or null when gone or deactivated. */
  async function subjectNow(id: string, kind: SubjectKind): Promise<Subject | null> {
    if (kind === 'guest') return { role: 'guest', credentialsVersion: 0 };
    if (kind === 'customer') {
      const customer = await deps.customers.findById(id);
      return customer && !customer.deletionPendingAt ? { role: 'customer', credentialsVersion: customer.credentialsVersion ?? 0 } : null;
    }
    const staff = await deps.staff.findById(id);
    if (!staff || staff.deactivatedAt) return null;
    const pid = staff.profileId && (staff.role === 'pm' || staff.role === 'resource') ? staff.profileId : undefined;
    return { role: staff.role, credentialsVersion: staff.credentialsVersion ?? 0, ...(pid ? { pid } : {}) };
  }

  /** The subject of a session that may still act: null also when its credentials changed since it opened. */
  async function currentSubject(session: SessionDoc): Promise<Subject | null> {
    const subject = await subjectNow(session.subjectId, session.subjectKind);
    return subject && subject.credentialsVersion === (session.credentialsVersion ?? 0) ? subject : null;
  }

  async function mint(sub: string, sid: string, subject: Subject) {
    const base = { sub, role: subject.role, sid, ...(subject.pid ? { pid: subject.pid } : {}) };
    const refresh = await tokens.sign({ ...base, typ: 'refresh' });
    const access = await tokens.sign({ ...base, typ: 'access' });
    const session: AuthSession = {
      accessToken: access.token,
      refreshToken: refresh.token,
      tokenType: 'Bearer',
      expiresIn: ACCESS_TTL_S,
      user: { id: sub, role: subject.role },
    };
    return { session, refreshJti: refresh.claims.jti };
  }

  /**
   * The live session a refresh token proves, with its subject as it is now: the token's signature
   * and `typ`, the session unrevoked and unexpired, the token the session's own, the subject still
   * there with the same credentials. Null otherwise. What refresh checks, and the guest hand-over.
   */
  async function liveSessionOf(refreshToken: string, now: Date): Promise<{ claims: TokenClaims; session: SessionDoc; subject: Subject } | null> {
    const claims = await tokens.verify(refreshToken, 'refresh');
    if (!claims) return null;
    const session = await deps.sessions.findLive(claims.sid, now);
    if (!session || session.refreshJti !== claims.jti || session.subjectId !== claims.sub) return null;
    const subject = await currentSubject(session);
    return subject ? { claims, session, subject } : null;
  }

  /** The live guest session a refresh token proves, or null. */
  async function liveGuestSession(refreshToken: string, now: Date): Promise<SessionDoc | null> {
    const live = await liveSessionOf(refreshToken, now);
    return live && live.session.subjectKind === 'guest' && live.subject.role === 'guest' ? live.session : null;
  }

  return {
    /** Opens a session and mints its access and refresh tokens; `context` is what the session list shows. */
    async start(subject: { id: string; kind: SubjectKind; role: Role }, context: SessionContext = {}): Promise<AuthSession> {
      const sid = newId();
      // The role comes from the sign-in that just checked it; profile and version as stored now.
      const known = await subjectNow(subject.id, subject.kind);
      // An account being deleted (or deactivated) is unusable, whichever way it proved who it is.
      if (!known) throw new DomainError('ACCOUNT_DELETION_PENDING', 'This account is being deleted');
      const current: Subject = { ...(known ?? { credentialsVersion: 0 }), role: subject.role };
      const { session, refreshJti } = await mint(subject.id, sid, current);
      const now = clock.now();
      await deps.sessions.insert({
        _id: sid,
        subjectId: subject.id,
        subjectKind: subject.kind,
        role: subject.role,
        refreshJti,
        createdAt: new Date(now),
        expiresAt: new Date(now + REFRESH_TTL_S * 1000),
        revokedAt: null,
        lastUsedAt: new Date(now),
        credentialsVersion: current.credentialsVersion,
        ...(context.userAgent ? { userAgent: context.userAgent.slice(0, 256) } : {}),
      });
      return session;
    },

    /** A new access token for a refresh token whose session is live; never for an access token. */
    async refresh(refreshToken: string): Promise<AccessToken> {
      const now = new Date(clock.now());
      const live = await liveSessionOf(refreshToken, now);
      if (!live) throw badRefresh();
      const { claims, session, subject } = live;
      const access = await tokens.sign({ sub: claims.sub, role: subject.role, sid: session._id, typ: 'access', ...(subject.pid ? { pid: subject.pid } : {}) });
      await touch(session, now);
      return { accessToken: access.token };
    },

    /** The principal behind an access token, or null when the token or its session is not valid. */
    async authenticate(accessToken: string): Promise<Principal | null> {
      const claims = await tokens.verify(accessToken, 'access');
      if (!claims) return null;
      const now = new Date(clock.now());
      const session = await deps.sessions.findLive(claims.sid, now);
      if (!session || session.subjectId !== claims.sub) return null;
      if (!(await currentSubject(session))) return null;
      await touch(session, now);
      return { claims, session };
    },

    /**
     * The guest a refresh token proves a live guest session of (bookings' guest hand-over asks before it
     * moves the guest's bookings): 400 INVALID_REFRESH_TOKEN whenever refresh would refuse it.
     */
    async liveGuest(refreshToken: string): Promise<{ guestId: string; sessionId: string }> {
      const session = await liveGuestSession(refreshToken, new Date(clock.now()));
      if (!session) throw badRefresh();
      return { guestId: session.subjectId, sessionId: session._id };
    },

    /** Ends the live guest session a refresh token proves (its bookings were handed over); true when this call ended it. */
    async endGuest(refreshToken: string): Promise<boolean> {
      const now = new Date(clock.now());
      const session = await liveGuestSession(refreshToken, now);
      return session ? deps.sessions.revoke(session._id, now) : false;
    },

    /** Ends one session (sign-out). */
    async revoke(sid: string): Promise<void> {
      await deps.sessions.revoke(sid, new Date(clock.now()));
    },

    /**
     * Keeps `session` alive across a password change: moves it to the account's new credentials
     * version with fresh tokens (the old refresh token stops working). Null when it was revoked meanwhile.
     */
    async renew(session: SessionDoc): Promise<AuthSession | null> {
      const now = new Date(clock.now());
      const subject = await subjectNow(session.subjectId, session.subjectKind);
      if (!subject) return null;
      const minted = await mint(session.subjectId, session._id, subject);
      return (await deps.sessions.renew(session._id, subject.credentialsVersion, minted.refreshJti, now)) ? minted.session : null;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
