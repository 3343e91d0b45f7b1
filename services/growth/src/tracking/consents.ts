import type { Consent, ConsentBody } from '@tm/contracts';
import { newId } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import type { Caller } from '@tm/shared/tokens/callers';

/** The consent in force for a device (`anon:<anonymousId>`) or a signed-in person (`user:<userId>`). */
interface ConsentDoc {
  _id: string;
  anonymousId: string;
  userId?: string;
  purposes: { analytics: boolean; marketing: boolean };
  noticeVersion: string;
  updatedAt: Date;
  [k: string]: unknown;
}

/** Every consent given, append-only: the evidence of what was agreed, when, and under which notice. */
interface ConsentHistoryDoc {
  _id: string;
  anonymousId: string;
  userId?: string;
  purposes: { analytics: boolean; marketing: boolean };
  noticeVersion: string;
  at: Date;
  gpc: boolean;
  [k: string]: unknown;
}

/** An anonymousId a signed-in person identified as (an `identify` event with a token). */
interface AnonymousLinkDoc {
  _id: string;
  userId: string;
  linkedAt: Date;
  [k: string]: unknown;
}

const NONE = { analytics: false, marketing: false };

/** Consent per device and per person, its history, and the device-to-person links `identify` makes. */
export function createConsents(db: DocumentStore) {
  const consents = db.collection<ConsentDoc>('consents');
  const history = db.collection<ConsentHistoryDoc>('consent_history');
  const links = db.collection<AnonymousLinkDoc>('anonymous_links');
  const toConsent = (d: ConsentDoc): Consent => ({
    anonymousId: d.anonymousId,
    ...(d.userId ? { userId: d.userId } : {}),
    purposes: d.purposes,
    noticeVersion: d.noticeVersion,
    updatedAt: d.updatedAt.toISOString(),
  });

  const devicesOf = async (userId: string): Promise<string[]> => (await links.find({ userId }).toArray()).map((l) => l._id);

  return {
    async ensureIndexes(): Promise<void> {
      await history.createIndex({ userId: 1 });
      await history.createIndex({ anonymousId: 1 });
      await links.createIndex({ userId: 1 });
    },
    /** Records a consent for the device, and for the caller when signed in (theirs wherever they are), and keeps it in the history. */
    async put(body: ConsentBody, caller: Caller | undefined, gpc: boolean, now: Date): Promise<Consent> {
      const doc = {
        anonymousId: body.anonymousId,
        ...(caller ? { userId: caller.sub } : {}),
        purposes: { analytics: body.purposes.analytics, marketing: body.purposes.marketing },
        noticeVersion: body.noticeVersion,
        updatedAt: now,
      };
      await consents.replaceOne({ _id: `anon:${body.anonymousId}` }, { _id: `anon:${body.anonymousId}`, ...doc }, { upsert: true });
      if (caller) await consents.replaceOne({ _id: `user:${caller.sub}` }, { _id: `user:${caller.sub}`, ...doc }, { upsert: true });
      const { updatedAt, ...rest } = doc;
      await history.insertOne({ _id: newId(), ...rest, at: updatedAt, gpc });
      return toConsent({ _id: '', ...doc });
    },
    /** The consent in force: the signed-in caller's own, else the device's; nothing consented when none was given. */
    async get(anonymousId: string, caller: Caller | undefined): Promise<Consent> {
      const found = (caller ? await consents.findOne({ _id: `user:${caller.sub}` }) : null) ?? (await consents.findOne({ _id: `anon:${anonymousId}` }));
      return found ? toConsent(found) : { anonymousId, purposes: NONE, noticeVersion: null, updatedAt: null };
    },
    /**
     * Whether analytics may store each device's events: never with Sec-GPC; for a signed-in
     * caller who has given consent, theirs decides; otherwise each device's own.
     */
    async analyticsAllowed(anonymousIds: readonly string[], caller: Caller | undefined, gpc: boolean): Promise<Map<string, boolean>> {
      const unique = [...new Set(anonymousIds)];
      if (gpc) return new Map(unique.map((id) => [id, false]));
      const own = caller ? await consents.findOne({ _id: `user:${caller.sub}` }) : null;
      if (own) return new Map(unique.map((id) => [id, own.purposes.analytics]));
      const docs = await consents.find({ _id: { $in: unique.map((id) => `anon:${id}`) } }).toArray();
      const byId = new Map(docs.map((d) => [d.anonymousId, d.purposes.analytics]));
      return new Map(unique.map((id) => [id, byId.get(id) === true]));
    },
    /** `identify` with a token: this device is that person's. */
    async link(anonymousId: string, userId: string, now: Date): Promise<void> {
      await links.replaceOne({ _id: anonymousId }, { _id: anonymousId, userId, linkedAt: now }, { upsert: true });
    },
    /** The devices linked to a person. */
    devicesOf,
    /** A person's consents, history and links, for the account export. */
    async exportFor(userId: string) {
      return {
        consents: (await consents.find({ userId }).toArray()).map(toConsent),
        consentHistory: (await history.find({ userId }, { sort: { at: 1 } }).toArray()).map(({ _id, at, ...h }) => ({ ...h, at: at.toISOString() })),
        devices: await devicesOf(userId),
      };
    },
    /** Removes a person's consents, history and links (account erasure); the devices' own records go with them. */
    async eraseFor(userId: string): Promise<string[]> {
      const devices = await devicesOf(userId);
      await consents.deleteMany({ $or: [{ userId }, { _id: { $in: devices.map((d) => `anon:${d}`) } }] });
      await history.deleteMany({ $or: [{ userId }, { anonymousId: { $in: devices } }] });
      await links.deleteMany({ userId });
      return devices;
    },
  };
}

export type Consents = ReturnType<typeof createConsents>;
