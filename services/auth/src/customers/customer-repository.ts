import { type Doc, type DocumentStore, isDuplicateKeyError, newId } from '@tm/shared';

/** A customer account: found by verified mobile, by IdP identity, or by a verified email. */
export interface CustomerDoc extends Doc {
  _id: string;
  mobile?: string;
  email?: string;
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
   * Runs `attempt` again when a concurrent insert won a unique index. Each retry finds what the
   * winner wrote; a third try covers an identity sign-in that loses on the email first and then
   * on the identity (the winner had inserted only its customer when the second try looked).
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
     * customer is created with that email. Concurrent first sign-ins of one identity end with one
     * customer: the losers of the identity's unique _id remove the customer they made.
     */
    async findOrCreateByIdentity(iss: string, sub: string, verifiedEmail: string | undefined, now: Date): Promise<CustomerDoc> {
      const id = identityId(iss, sub);
      return retryOnDuplicate(async () => {
        const known = await identities.findOne({ _id: id });
        if (known) {
          const user = await users.findOne({ _id: known.userId });
          if (user) return user;
          await identities.deleteOne({ _id: id });
        }
        let user = verifiedEmail ? await users.findOne({ email: verifiedEmail }) : null;
        const created = user === null;
        if (!user) {
          user = { _id: newId(), ...(verifiedEmail ? { email: verifiedEmail } : {}), createdAt: now, updatedAt: now };
          await users.insertOne(user);
        }
        try {
          await identities.insertOne({ _id: id, userId: user._id, iss, sub, createdAt: now });
        } catch (err) {
          // A concurrent first sign-in bound the identity first: the customer made for this one
          // would belong to nobody, so it goes before the retry finds the winner's.
          if (created) await users.deleteOne({ _id: user._id });
          throw err;
        }
        return user;
      });
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
