import { CONTACTS_PATH, type MailContact, MailContactSchema } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';
import type { Mailer } from '@tm/shared/mail';
import { createOutbox, type OutboxOptions } from '@tm/shared/outbox';
import { type DocumentStore, isDuplicateKeyError, type Leases } from '@tm/shared/store';
import type { MemberKey } from '../chat/model.ts';
import type { ChatRepository } from '../chat/repository.ts';
import type { Presence } from '../stream/presence.ts';

/** Where a participant may be mailed: auth's `GET /internal/contacts` by account id or by PM profile. */
export interface ContactsPort {
  byUserId(userId: string): Promise<MailContact | undefined>;
  byProfileId(profileId: string): Promise<MailContact | undefined>;
}

export function createHttpContacts(options: { baseUrl: string; timeoutMs: number } & ClientKit): ContactsPort {
  const client = createServiceClient({ service: 'auth', ...options });
  const lookup = async (query: { userId: string } | { profileId: string }) => {
    const res = await client.call(CONTACTS_PATH, { schema: MailContactSchema, query });
    if (res.ok) return res.data;
    if (res.status === 404) return undefined;
    throw new Error(`auth answered ${res.status} ${res.code}: ${res.message}`);
  };
  return { byUserId: (userId) => lookup({ userId }), byProfileId: (profileId) => lookup({ profileId }) };
}

export interface OfflineMailOptions {
  repo: ChatRepository;
  /** Messaging's database: the once-an-hour marks and the outbox the mails wait in. */
  documents: DocumentStore;
  presence: Presence;
  contacts: ContactsPort;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** The public site, for the link in the mail (no trailing slash). */
  siteUrl: string;
  /** Unread this long before a mail (10 min). */
  unreadForMs?: number;
  /** At most one mail per conversation and member this often (1 h). */
  everyMs?: number;
  /** When given (main.ts), a sweep runs under the lease `messaging.offline-mail`: one replica sweeps at a time. */
  leases?: Leases;
  /** The outbox worker's timings (main.ts: OUTBOX_*; tests shorten them). */
  timings?: Pick<OutboxOptions, 'pollMs' | 'leaseMs' | 'backoffMs' | 'stagedGraceMs' | 'paused' | 'onOutcome'>;
}

/** The once-an-hour mark of a member of a conversation: the state change an offline mail is stored with. */
interface MailMarkDoc {
  /** `<bookingId>|<member>` */
  _id: string;
  /** Epoch ms of the last mail stored for them. */
  at: number;
  /** The mark is gone an hour after it was set (TTL index). */
  expireAt: Date;
  [key: string]: unknown;
}

const TOPIC = 'chat.offline-mail';
const MARKS = 'chat_mail_marks';

/**
 * Mails to participants who are away (design/chat.md): a participant with unread messages older
 * than 10 minutes and no open stream gets at most one mail per conversation per hour. A sweep on
 * its own timer (never delaying an answer) finds them; for each it sets the member's
 * once-an-hour mark in messaging's database (a conditional write: of two replicas sweeping at
 * once, one wins) with the mail stored beside it in messaging's outbox (docs/operations.md
 * "Outbox, leases and replicas"). The worker of any replica delivers it once, with backoff,
 * surviving a restart; it looks the address up (auth's contacts) and counts the unread messages
 * when it sends, and sends nothing once they were read or the member left the conversation.
 */
export function createOfflineMail(o: OfflineMailOptions) {
  const unreadForMs = o.unreadForMs ?? 10 * 60_000;
  const everyMs = o.everyMs ?? 60 * 60_000;
  const marks = o.documents.collection<MailMarkDoc>(MARKS);
  const conversations = o.repo.conversations;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;

  const outbox = createOutbox({
    documents: o.documents,
    clock: o.clock,
    logger: o.logger,
    ...o.timings,
    handlers: {
      async [TOPIC](payload) {
        const bookingId = String(payload.bookingId);
        const member = String(payload.member) as MemberKey;
        const c = await conversations.findOne({ _id: bookingId });
        // Gone, or the member is no longer in it (the booking's PM was changed): nothing to tell them.
        if (!c || (member.startsWith('p:') ? c.pmId !== member.slice(2) : c.customerId !== member.slice(2))) return;
        const unread = await o.repo.unread(bookingId, member, c.reads?.[member] ?? 0);
        if (unread === 0) return;
        const contact = member.startsWith('p:') ? await o.contacts.byProfileId(member.slice(2)) : await o.contacts.byUserId(member.slice(2));
        if (!contact?.email) return;
        await o.mailer.send({
          to: contact.email,
          subject: `New messages on booking ${c.bookingNumber}`,
          text: `${contact.name ? `Hello ${contact.name},\n\n` : ''}You have ${unread} unread message${unread === 1 ? '' : 's'} about booking ${c.bookingNumber}.\n\nRead and answer them: ${o.siteUrl}/account/bookings/${encodeURIComponent(bookingId)}/chat\n`,
        });
      },
    },
  });

  /** Stores a mail to `member` when they are away and were not mailed within the hour; its outbox key, or null. */
  async function storeIfAway(bookingId: string, member: MemberKey, readSeq: number): Promise<string | null> {
    const oldest = await o.repo.oldestUnread(bookingId, member, readSeq);
    const now = o.clock.now();
    if (!oldest || now - Date.parse(oldest.createdAt) < unreadForMs) return null;
    if (await o.presence.isOnline(bookingId, member)) return null;
    const _id = `${bookingId}|${member}`;
    // Mailed within the hour: nothing to store (checked first, so a held mark stages no message).
    if (((await marks.findOne({ _id }))?.at ?? Number.NEGATIVE_INFINITY) > now - everyMs) return null;
    const key = `chat-offline:${_id}:${now}`;
    const message = { key, topic: TOPIC, payload: { bookingId, member } };
    const stored = await outbox.withChange([message], { collection: MARKS, filter: { _id, at: now } }, async () => {
      try {
        // Free (never set, or set over an hour ago): taken; held: the upsert's insert meets `_id` and loses.
        return await marks.findOneAndUpdate(
          { _id, at: { $lte: now - everyMs } },
          { $set: { at: now, expireAt: new Date(now + everyMs) } },
          { upsert: true, returnDocument: 'after' },
        );
      } catch (err) {
        if (isDuplicateKeyError(err)) return null;
        throw err;
      }
    });
    return stored ? key : null;
  }

  /** One pass over the conversations active in the last day; the mails stored and delivered now. */
  async function pass(): Promise<number> {
    const keys: string[] = [];
    const since = new Date(o.clock.now() - 24 * 60 * 60_000).toISOString();
    for await (const batch of conversations.find({ activityAt: { $gte: since } }, { sort: { activityAt: -1 } }).batches(200)) {
      for (const c of batch) {
        const members: MemberKey[] = [`c:${c.customerId}`, ...(c.pmId ? [`p:${c.pmId}` as MemberKey] : [])];
        for (const member of members) {
          try {
            const key = await storeIfAway(c._id, member, c.reads?.[member] ?? 0);
            if (key) keys.push(key);
          } catch (error) {
            o.logger.warn('chat offline mail not stored', { bookingId: c._id, member, error: (error as Error).message });
          }
        }
      }
    }
    // Sent now; one that fails is retried by the outbox worker.
    return outbox.deliver(keys);
  }

  /** One sweep (under the lease when given); how many mails went out now. */
  async function sweep(): Promise<number> {
    if (running) return 0;
    running = true;
    try {
      if (!o.leases) return await pass();
      const run = await o.leases.run('messaging.offline-mail', 60_000, pass);
      return run.ran ? run.value : 0;
    } finally {
      running = false;
    }
  }

  return {
    sweep,
    /** One outbox pass: every due mail delivered (tests); how many were handled. */
    deliverDue: () => outbox.deliverDue(),
    async ensureIndexes() {
      await marks.createIndex({ expireAt: 1 }, { expireAfterSeconds: 0 });
      await outbox.ensureIndexes();
    },
    /** Starts the sweeps and the outbox worker. */
    start(intervalMs: number) {
      outbox.start();
      timer = setInterval(() => void sweep().catch((error: Error) => o.logger.warn('chat offline mail sweep failed', { error: error.message })), intervalMs);
      timer.unref?.();
    },
    async stop() {
      clearInterval(timer);
      await outbox.stop();
    },
  };
}

export type OfflineMail = ReturnType<typeof createOfflineMail>;
