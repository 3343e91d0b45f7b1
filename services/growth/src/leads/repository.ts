import type { Lead, LeadStatus } from '@tm/contracts';
import { newId } from '@tm/shared';
import { type DocumentStore, isDuplicateKeyError } from '@tm/shared/store';
import { statesBefore } from './lifecycle.ts';
import type { LeadInput } from './validate.ts';

/** Submissions by the same email or phone within this window join one lead. */
export const MERGE_WINDOW_MS = 24 * 3600 * 1000;

export interface LeadDoc {
  _id: string;
  status: LeadStatus;
  name: string;
  email: string;
  phone?: string;
  company?: string;
  market: Lead['market'];
  consentMarketing: boolean;
  /** The signed-in sender's account, when a token came with the form. */
  userId?: string;
  spamReason?: string;
  submissions: { need: string; serviceId?: string; budget?: string; at: Date }[];
  notes: { text: string; status: LeadStatus; at: Date; by: string }[];
  createdAt: Date;
  updatedAt: Date;
  [k: string]: unknown;
}

/** Which lead an email or phone belongs to while its window is open (`_id` = `email:<email>` or `phone:<e164>`). */
interface LeadKeyDoc {
  _id: string;
  leadId: string;
  lastAt: Date;
  [k: string]: unknown;
}

/** Leads in `leads`, and the contact keys that merge submissions in `lead_keys`. */
export function createLeadRepository(db: DocumentStore) {
  const leads = db.collection<LeadDoc>('leads');
  const keys = db.collection<LeadKeyDoc>('lead_keys');
  const submissionOf = (l: LeadInput, at: Date) => ({
    need: l.need,
    ...(l.serviceId ? { serviceId: l.serviceId } : {}),
    ...(l.budget ? { budget: l.budget } : {}),
    at,
  });
  const newLead = (l: LeadInput, status: LeadStatus, now: Date, userId?: string, spamReason?: string): LeadDoc => ({
    _id: newId(),
    status,
    name: l.name,
    email: l.email,
    ...(l.phone ? { phone: l.phone } : {}),
    ...(l.company ? { company: l.company } : {}),
    market: l.market,
    consentMarketing: l.consentMarketing,
    ...(userId ? { userId } : {}),
    ...(spamReason ? { spamReason } : {}),
    submissions: [submissionOf(l, now)],
    notes: [],
    createdAt: now,
    updatedAt: now,
  });

  /** Takes `key` for `leadId` unless a live one (inside the window) exists: a stale key is taken over in one conditional update, a missing one inserted. */
  async function claimKey(key: string, leadId: string, now: Date): Promise<boolean> {
    const cutoff = new Date(now.getTime() - MERGE_WINDOW_MS);
    const takenOver = await keys.updateOne({ _id: key, lastAt: { $lte: cutoff } }, { $set: { leadId, lastAt: now } });
    if (takenOver.matchedCount > 0) return true;
    try {
      await keys.insertOne({ _id: key, leadId, lastAt: now });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }

  return {
    async ensureIndexes(): Promise<void> {
      await leads.createIndex({ status: 1, createdAt: -1 });
      await leads.createIndex({ createdAt: -1 });
      await leads.createIndex({ email: 1 });
      await leads.createIndex({ phone: 1 }, { sparse: true });
      await leads.createIndex({ userId: 1 }, { sparse: true });
    },
    /** A spam lead: stored for the record, never merged, never mailed. */
    async storeSpam(l: LeadInput, reason: string, now: Date, userId?: string): Promise<LeadDoc> {
      const doc = newLead(l, 'spam', now, userId, reason);
      await leads.insertOne(doc);
      return doc;
    },
    /**
     * Adds the submission to the lead its email or phone belongs to within the last 24 h, or
     * makes a new lead. The new lead is stored before its email key is claimed, and the claim is
     * the one race: of concurrent first submissions exactly one claims the key (the others
     * remove their own lead and join the winner's), so one email makes one lead. `beforeNew`
     * runs before a new lead is stored (the notifier stages its mail there).
     */
    async mergeOrCreate(
      l: LeadInput,
      now: Date,
      userId?: string,
      beforeNew: (leadId: string) => Promise<void> = async () => {},
    ): Promise<{ lead: LeadDoc; created: boolean }> {
      const contactKeys = [`email:${l.email}`, ...(l.phone ? [`phone:${l.phone}`] : [])];
      const cutoff = new Date(now.getTime() - MERGE_WINDOW_MS);
      for (let attempt = 0; attempt < 5; attempt++) {
        const live = (await keys.find({ _id: { $in: contactKeys }, lastAt: { $gt: cutoff } }).toArray()).sort((a, b) => (a._id < b._id ? -1 : 1))[0];
        if (live) {
          const lead = await leads.findOneAndUpdate(
            { _id: live.leadId },
            {
              $push: { submissions: submissionOf(l, now) },
              $set: {
                updatedAt: now,
                name: l.name,
                ...(l.company ? { company: l.company } : {}),
                ...(l.phone ? { phone: l.phone } : {}),
                ...(userId ? { userId } : {}),
              },
            },
            { returnDocument: 'after' },
          );
          if (lead) {
            await Promise.all(contactKeys.map((k) => keys.updateOne({ _id: k }, { $set: { leadId: lead._id, lastAt: now } }, { upsert: true })));
            return { lead, created: false };
          }
          // The key's lead was erased meanwhile: the key goes and the submission starts a new lead.
          await keys.deleteOne({ _id: live._id, leadId: live.leadId });
          continue;
        }
        const doc = newLead(l, 'new', now, userId);
        // Its side effects are written first (the outbox's staged mail), then the lead.
        await beforeNew(doc._id);
        await leads.insertOne(doc);
        if (await claimKey(contactKeys[0] as string, doc._id, now)) {
          for (const k of contactKeys.slice(1)) await claimKey(k, doc._id, now);
          return { lead: doc, created: true };
        }
        await leads.deleteOne({ _id: doc._id });
      }
      throw new Error('lead merge did not settle after 5 attempts');
    },
    find: (id: string) => leads.findOne({ _id: id }),
    async list(status: LeadStatus | undefined, page: number, limit: number): Promise<{ items: LeadDoc[]; total: number }> {
      const filter = status ? { status } : {};
      const [items, total] = await Promise.all([
        leads.find(filter, { sort: { createdAt: -1, _id: -1 }, skip: (page - 1) * limit, limit }).toArray(),
        leads.countDocuments(filter),
      ]);
      return { items, total };
    },
    /** One conditional update: the move happens only from a state that allows it, so of two concurrent moves at most one wins. Null when it did not. */
    moveTo: (id: string, to: LeadStatus, note: { text: string; by: string } | undefined, now: Date) =>
      leads.findOneAndUpdate(
        { _id: id, status: { $in: statesBefore(to) } },
        { $set: { status: to, updatedAt: now }, $push: { notes: { text: note?.text ?? '', status: to, at: now, by: note?.by ?? '' } } },
        { returnDocument: 'after' },
      ),
    /** A person's leads: sent while signed in, or from their email or mobile. */
    ofPerson: (p: { userId: string; emails: readonly string[]; mobile?: string }) => leads.find(personFilter(p), { sort: { createdAt: 1 } }).toArray(),
    /** Erases a person's leads and their contact keys. */
    async eraseFor(p: { userId: string; emails: readonly string[]; mobile?: string }): Promise<number> {
      const gone = await leads.find(personFilter(p), { projection: { _id: 1 } }).toArray();
      await leads.deleteMany({ _id: { $in: gone.map((g) => g._id) } });
      await keys.deleteMany({ $or: [{ leadId: { $in: gone.map((g) => g._id) } }, { _id: { $in: contactKeysOf(p) } }] });
      return gone.length;
    },
  };
}

function personFilter(p: { userId: string; emails: readonly string[]; mobile?: string }) {
  return {
    $or: [
      { userId: p.userId },
      ...(p.emails.length > 0 ? [{ email: { $in: p.emails.map((e) => e.toLowerCase()) } }] : []),
      ...(p.mobile ? [{ phone: p.mobile }] : []),
    ],
  };
}

function contactKeysOf(p: { emails: readonly string[]; mobile?: string }): string[] {
  return [...p.emails.map((e) => `email:${e.toLowerCase()}`), ...(p.mobile ? [`phone:${p.mobile}`] : [])];
}

export type LeadRepository = ReturnType<typeof createLeadRepository>;

/** The admin's view of a lead. */
export function toLead(d: LeadDoc): Lead {
  return {
    id: d._id,
    status: d.status,
    name: d.name,
    email: d.email,
    ...(d.phone ? { phone: d.phone } : {}),
    ...(d.company ? { company: d.company } : {}),
    market: d.market,
    consentMarketing: d.consentMarketing,
    submissions: d.submissions.map((s) => ({ ...s, at: s.at.toISOString() })),
    notes: d.notes.map((n) => ({ ...n, at: n.at.toISOString() })),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}
