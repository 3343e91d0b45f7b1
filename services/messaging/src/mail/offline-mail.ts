import { CONTACTS_PATH, type MailContact, MailContactSchema } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';
import type { Mailer } from '@tm/shared/mail';
import type { KeyValueStore } from '@tm/shared/store';
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
  keyValue: KeyValueStore;
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
}

/**
 * Mails to participants who are away (design/chat.md): a participant with unread messages older
 * than 10 minutes and no open stream gets at most one mail per conversation per hour. It runs on
 * its own timer over the stored messages, so it never delays an answer, and the once-an-hour
 * mark is a key-value NX (Redis when set), so of several replicas only one mails.
 */
export function createOfflineMail(o: OfflineMailOptions) {
  const unreadForMs = o.unreadForMs ?? 10 * 60_000;
  const everyMs = o.everyMs ?? 60 * 60_000;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;

  async function mailIfAway(
    bookingId: string,
    bookingNumber: string,
    member: MemberKey,
    readSeq: number,
    lookup: () => Promise<MailContact | undefined>,
  ): Promise<boolean> {
    const oldest = await o.repo.oldestUnread(bookingId, member, readSeq);
    if (!oldest || o.clock.now() - Date.parse(oldest.createdAt) < unreadForMs) return false;
    if (await o.presence.isOnline(bookingId, member)) return false;
    const mark = `chat:mailed:{${bookingId}}:${member}`;
    if (!(await o.keyValue.set(mark, '1', { px: everyMs, nx: true }))) return false;
    try {
      return await send(bookingId, bookingNumber, member, readSeq, lookup);
    } catch (error) {
      // Not mailed after all: the next sweep tries again.
      await o.keyValue.del(mark).catch(() => {});
      throw error;
    }
  }

  async function send(
    bookingId: string,
    bookingNumber: string,
    member: MemberKey,
    readSeq: number,
    lookup: () => Promise<MailContact | undefined>,
  ): Promise<boolean> {
    const contact = await lookup();
    if (!contact?.email) return false;
    const unread = await o.repo.unread(bookingId, member, readSeq);
    await o.mailer.send({
      to: contact.email,
      subject: `New messages on booking ${bookingNumber}`,
      text: `${contact.name ? `Hello ${contact.name},\n\n` : ''}You have ${unread} unread message${unread === 1 ? '' : 's'} about booking ${bookingNumber}.\n\nRead and answer them: ${o.siteUrl}/account/bookings/${encodeURIComponent(bookingId)}/chat\n`,
    });
    return true;
  }

  /** One pass over the conversations active in the last day; how many mails went out. */
  async function sweep(): Promise<number> {
    if (running) return 0;
    running = true;
    let sent = 0;
    try {
      const since = new Date(o.clock.now() - 24 * 60 * 60_000).toISOString();
      for await (const batch of o.repo.conversations.find({ activityAt: { $gte: since } }, { sort: { activityAt: -1 } }).batches(200)) {
        for (const c of batch) {
          const members: [MemberKey, () => Promise<MailContact | undefined>][] = [[`c:${c.customerId}`, () => o.contacts.byUserId(c.customerId)]];
          const pmId = c.pmId;
          if (pmId) members.push([`p:${pmId}`, () => o.contacts.byProfileId(pmId)]);
          for (const [member, lookup] of members) {
            try {
              if (await mailIfAway(c._id, c.bookingNumber, member, c.reads?.[member] ?? 0, lookup)) sent++;
            } catch (error) {
              o.logger.warn('chat offline mail failed', { bookingId: c._id, member, error: (error as Error).message });
            }
          }
        }
      }
    } finally {
      running = false;
    }
    return sent;
  }

  return {
    sweep,
    start(intervalMs: number) {
      timer = setInterval(() => void sweep().catch((error: Error) => o.logger.warn('chat offline mail sweep failed', { error: error.message })), intervalMs);
      timer.unref?.();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type OfflineMail = ReturnType<typeof createOfflineMail>;
