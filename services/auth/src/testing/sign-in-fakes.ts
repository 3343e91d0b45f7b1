import type { Role } from '@tm/contracts';
import type { CustomerDoc } from '../customers/customer-repository.ts';
import type { SubjectKind } from '../sessions/session-repository.ts';
import type { AuthSession, SessionContext } from '../sessions/session-service.ts';
import type { CustomersByMobile, SessionStarter } from '../sign-in/ports.ts';

/** A session starter that records each subject and answers a recognisable AuthSession. */
export function fakeSessions(): SessionStarter & { started: { id: string; kind: SubjectKind; role: Role }[]; contexts: SessionContext[] } {
  const started: { id: string; kind: SubjectKind; role: Role }[] = [];
  const contexts: SessionContext[] = [];
  return {
    started,
    contexts,
    async start(subject, context = {}) {
      started.push(subject);
      contexts.push(context);
      const session: AuthSession = {
        accessToken: `access-${subject.id}`,
        refreshToken: `refresh-${subject.id}`,
        tokenType: 'Bearer',
        expiresIn: 900,
        user: { id: subject.id, role: subject.role },
      };
      return session;
    },
  };
}

/** Customers by mobile in memory; `created` holds the `now` each new customer was created at. */
export function fakeCustomers(): CustomersByMobile & { byMobile: Map<string, CustomerDoc>; created: Date[] } {
  const byMobile = new Map<string, CustomerDoc>();
  const created: Date[] = [];
  return {
    byMobile,
    created,
    async findOrCreateByMobile(mobile, now) {
      const known = byMobile.get(mobile);
      if (known) return known;
      const doc: CustomerDoc = { _id: `c${byMobile.size + 1}`, mobile, createdAt: now, updatedAt: now };
      byMobile.set(mobile, doc);
      created.push(now);
      return doc;
    },
  };
}
