/**
 * Kill and restart on real messaging processes (bun src/main.ts) sharing one database through
 * the MongoDB wire stand-in: a process with OUTBOX_PAUSED finds a PM away with an unread message
 * older than 10 minutes and stores the offline mail with its once-an-hour mark (not sent), is
 * killed with SIGKILL, and a new process sends it exactly once (its own sweeps find the PM marked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import {
  devMails,
  type MongoWireStandIn,
  openStandInDatabase,
  type ServiceProcess,
  startMongoWireStandIn,
  startServiceProcess,
  waitFor,
} from '@tm/shared/testing';
import type { ConversationDoc, MessageDoc } from '../chat/model.ts';
import { CONVERSATIONS, MESSAGES } from '../chat/repository.ts';

const serviceDir = join(import.meta.dir, '../..');
let standIn: MongoWireStandIn;
/** Auth as messaging sees it here: the contacts of the one PM. */
let auth: ReturnType<typeof Bun.serve>;
const running: ServiceProcess[] = [];

beforeAll(() => {
  standIn = startMongoWireStandIn({ record: false });
  auth = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === '/internal/contacts' && url.searchParams.get('profileId') === 'pm-ana')
        return Response.json({ success: true, data: { email: 'ana@example.test', name: 'Ana' } });
      return Response.json({ success: false, error: { code: 'CONTACT_NOT_FOUND', message: 'no' } }, { status: 404 });
    },
  });
});

afterAll(async () => {
  for (const p of running) p.proc.kill('SIGKILL');
  await Promise.all(running.map((p) => p.proc.exited));
  auth?.stop(true);
  await standIn?.stop();
});

async function startMessaging(extra: Record<string, string> = {}): Promise<ServiceProcess> {
  const p = await startServiceProcess({
    dir: serviceDir,
    env: {
      NODE_ENV: 'development',
      MONGODB_URL: standIn.url.replace('/?', '/offlinemail?'),
      AUTH_URL: `http://127.0.0.1:${auth.port}`,
      BOOKINGS_URL: 'http://127.0.0.1:9',
      CHAT_MAIL_SWEEP_MS: '1000',
      OUTBOX_POLL_MS: '50',
      SMTP_URL: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...extra,
    },
  });
  running.push(p);
  return p;
}

describe('messaging processes on one store', () => {
  it('sends an offline mail stored by a process killed before sending it exactly once after the restart', async () => {
    const db = openStandInDatabase(standIn, 'offlinemail');
    try {
      // A conversation whose customer wrote 11 minutes ago, unread by the PM, as earlier requests left it.
      const at = new Date(Date.now() - 11 * 60_000).toISOString();
      await db.store.collection<ConversationDoc>(CONVERSATIONS).insertOne({
        _id: 'booking-1',
        bookingNumber: 'BK-00000001',
        customerId: 'cust-1',
        pmId: 'pm-ana',
        state: 'open',
        seq: 1,
        lastMessage: { seq: 1, at, sender: { role: 'customer' }, preview: 'Are you there?' },
        activityAt: at,
        reads: { 'c:cust-1': 1 },
        createdAt: at,
      });
      await db.store.collection<MessageDoc>(MESSAGES).insertOne({
        _id: 'message-1',
        conversationId: 'booking-1',
        seq: 1,
        senderId: 'cust-1',
        senderKey: 'c:cust-1',
        sender: { id: 'cust-1', role: 'customer' },
        clientMessageId: 'c-1',
        body: 'Are you there?',
        masked: false,
        createdAt: at,
        deleted: false,
      });
      const outbox = db.raw.collection('outbox');
      const first = await startMessaging({ OUTBOX_PAUSED: 'true' });
      await waitFor('the offline mail stored', async () => (await outbox.countDocuments({ state: 'ready' })) === 1, 400);
      first.proc.kill('SIGKILL');
      await first.proc.exited;
      expect(devMails(first)).toHaveLength(0);

      const second = await startMessaging();
      await waitFor('the offline mail', () => devMails(second).length > 0, 400);
      // Its sweeps (every second) and worker (every 50 ms) keep running: a while longer, and still one mail.
      await Bun.sleep(2_500);
      expect(devMails(second).map((m) => [m.to, m.subject])).toEqual([['ana@example.test', 'New messages on booking BK-00000001']]);
      expect(await outbox.countDocuments({})).toBe(1);
      expect(await outbox.countDocuments({ state: 'delivered' })).toBe(1);
    } finally {
      await db.close();
    }
  }, 60_000);
});
