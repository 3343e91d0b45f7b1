import { newId } from '@tm/shared';
import { type Doc, type DocumentStore, isDuplicateKeyError } from '@tm/shared/store';

/** A customer account: found by verified mobile, by IdP identity, or by a verified email. */
export interface CustomerDoc extends Doc {
  _id: string;
  mobile?: string;
  /** Lower-cased (the normalised form the unique index holds). */
  email?: string;
  name?: string;
  locale?: string;
  /** Raised when the account's sessions must all die at once (deletion). */
  credentialsVersion?: number;
  /** Set while a deletion waits for a service to confirm: the account cannot sign in. */
  deletionPendingAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** One IdP identity (`iss`, `sub`) bound to a customer; `_id` is the pair, so it is unique. */
export interface IdentityDoc extends Doc {
  _id: string;
  userId: string;
  iss: string;
  sub: string;
  createdAt: Date;
}

/** Customers in `users`, IdP identities in `identities`; find-or-create is safe under races. */
export function createCustomerRepository(db: DocumentStore) {
  const users = db.collection<CustomerDoc>('users');
  const identities = db.collection<IdentityDoc>('identities');
  const identityId = (iss: string, sub: string) => JSON.stringify([iss, sub]);

  /**
   * Runs `attempt` again, up to `tries` in all, when a concurrent insert won a unique index: the
   * next attempt finds what the winner wrote (two suffice for the races below; one more is slack).
   */
  async function retryOnDuplicate<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
    for (let i = 1; ; i++) {
      try {
        return await attempt();
      } catch (err) {
        if (!isDuplicateKeyError(err) || i >= tries) throw err;
      }
    }
  }

  return {
    async ensureIndexes(): Promise<void> {
      await users.createIndex({ mobile: 1 }, { unique: true, sparse: true });
      await users.createIndex({ email: 1 }, { unique: true, sparse: true });
      await identities.createIndex({ userId: 1 });
    },
    findById: (id: string) => users.findOne({ _id: id }),
    findByEmail: (email: string) => users.findOne({ email: email.toLowerCase() }),
    async update(id: string, set: Partial<Pick<CustomerDoc, 'name' | 'locale' | 'email'>>, now: Date): Promise<void> {
      await users.updateOne({ _id: id }, { $set: { ...set, updatedAt: now } });
    },
    /** Makes the account unusable in one update (sign-in refused, every session dead by its credentials version). */
    async markDeletionPending(userId: string, now: Date): Promise<void> {
      await users.updateOne({ _id: userId }, { $set: { deletionPendingAt: now, updatedAt: now }, $inc: { credentialsVersion: 1 } });
    },
    async clearDeletionPending(userId: string): Promise<void> {
      await users.updateOne({ _id: userId }, { $unset: { deletionPendingAt: '' } });
    },
    identitiesOf: (userId: string) => identities.find({ userId }).toArray(),
    /** Removes the customer and every identity bound to it (account deletion); idempotent. */
    async erase(userId: string): Promise<void> {
      await identities.deleteMany({ userId });
      await users.deleteOne({ _id: userId });
    },
    /** The customer already bound to this IdP identity, if any. */
    async findByIdentity(iss: string, sub: string): Promise<CustomerDoc | null> {
      const known = await identities.findOne({ _id: identityId(iss, sub) });
      return known ? users.findOne({ _id: known.userId }) : null;
    },
    /** The customer owning a verified mobile, created on first sign-in. */
    async findOrCreateByMobile(mobile: string, now: Date): Promise<CustomerDoc> {
      // find-then-insert under the unique index (not an upsert with $setOnInsert._id, which the
      // embedded store refuses); a lost race surfaces as a duplicate key and retries as a find.
      return retryOnDuplicate(async () => {
        const existing = await users.findOne({ mobile });
        if (existing) return existing;
        const doc: CustomerDoc = { _id: newId(), mobile, createdAt: now, updatedAt: now };
        await users.insertOne(doc);
        return doc;
      });
    },
    /**
     * The customer behind an IdP identity. A new identity is linked to the customer holding
     * `verifiedEmail` (the caller passes it only when the IdP says it is verified), else a new
     * customer is created with that email. Concurrent first sign-ins of one identity all get the
     * one customer the identity ends up bound to, and leave no other behind (see below).
     */
    async findOrCreateByIdentity(iss: string, sub: string, rawEmail: string | undefined, now: Date): Promise<CustomerDoc> {
      const id = identityId(iss, sub);
      // Emails are compared case-insensitively: stored lower-cased, so Ada@x and ada@x are one customer.
      const verifiedEmail = rawEmail?.trim().toLowerCase() || undefined;
      return retryOnDuplicate(async () => {
        const known = await identities.findOne({ _id: id });
        if (known) {
          const user = await users.findOne({ _id: known.userId });
          if (user) return user;
          // Bound to a customer that no longer exists: unbind (only that binding) and start over.
          await identities.deleteOne({ _id: id, userId: known.userId });
        }
        let user = verifiedEmail ? await users.findOne({ email: verifiedEmail }) : null;
        const created = user === null;
        if (!user) {
          user = { _id: newId(), ...(verifiedEmail ? { email: verifiedEmail } : {}), createdAt: now, updatedAt: now };
          await users.insertOne(user);
        }
        try {
          await identities.insertOne({ _id: id, userId: user._id, iss, sub, createdAt: now });
          return user;
        } catch (err) {
          // On a duplicate, a concurrent sign-in bound the identity first. With a verified email
          // it found this very customer (the email is unique), so that is the answer. Without
          // one it made its own, and the customer made here is reachable by nothing (nor after
          // any other failure to bind): it goes, and a retry finds the winner's. A customer with
          // an email is never deleted here: it may be the one the winner, or another identity
          // with that email, is bound to, and the email reaches it anyway.
          if (isDuplicateKeyError(err) && (await identities.findOne({ _id: id }))?.userId === user._id) return user;
          if (created && !verifiedEmail) await users.deleteOne({ _id: user._id });
          throw err;
        }
      });
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
