/**
 * Kill and restart on real auth processes (bun src/main.ts) sharing one database through the
 * MongoDB wire stand-in: a process with OUTBOX_PAUSED stores a staff invitation with its account
 * (the mail written, not sent), is killed with SIGKILL, and a new process sends it exactly once;
 * its link sets the account's password.
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

const serviceDir = join(import.meta.dir, '../..');
const ADMIN = { email: 'admin@example.test', password: 'a long first password' };
let standIn: MongoWireStandIn;
const running: ServiceProcess[] = [];

beforeAll(() => {
  standIn = startMongoWireStandIn({ record: false });
});

afterAll(async () => {
  for (const p of running) p.proc.kill('SIGKILL');
  await Promise.all(running.map((p) => p.proc.exited));
  await standIn?.stop();
});

async function startAuth(extra: Record<string, string> = {}): Promise<ServiceProcess> {
  const p = await startServiceProcess({
    dir: serviceDir,
    env: {
      NODE_ENV: 'development',
      MONGODB_URL: standIn.url.replace('/?', '/linkmails?'),
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      OUTBOX_POLL_MS: '50',
      SMTP_URL: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...extra,
    },
  });
  running.push(p);
  return p;
}

const post = async (p: ServiceProcess, path: string, body: unknown, token?: string) => {
  const res = await fetch(`${p.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; error?: { code: string } } };
};

describe('auth processes on one store', () => {
  it('sends an invitation stored by a process killed before sending it exactly once after the restart, and its link works', async () => {
    const first = await startAuth({ OUTBOX_PAUSED: 'true' });
    // The bootstrap admin is created in the background: signing in answers once it is there.
    let adminToken = '';
    await waitFor('the bootstrap admin', async () => {
      const res = await post(first, '/auth/staff-password-login', { identifier: ADMIN.email, password: ADMIN.password });
      adminToken = res.body.data?.accessToken ?? '';
      return res.status === 200;
    });
    const invited = await post(first, '/account/staff', { email: 'new.admin@example.test', role: 'admin' }, adminToken);
    expect(invited.status).toBe(201);
    expect(invited.body.data.invited).toBe(false);
    const db = openStandInDatabase(standIn, 'linkmails');
    try {
      const key = `invitation:${invited.body.data.account.id}`;
      expect(await db.raw.collection('outbox').findOne({ _id: key as never })).toMatchObject({ state: 'ready', attempts: 0 });
      first.proc.kill('SIGKILL');
      await first.proc.exited;
      expect(devMails(first)).toHaveLength(0);

      const second = await startAuth();
      await waitFor('the invitation mail', () => devMails(second).length > 0);
      // The worker keeps polling every 50 ms: a while longer, and still one mail.
      await Bun.sleep(500);
      expect(devMails(second).map((m) => m.to)).toEqual(['new.admin@example.test']);
      expect(await db.raw.collection('outbox').findOne({ _id: key as never })).toMatchObject({ state: 'delivered', attempts: 1 });
      const token = new URL(String(String(devMails(second)[0]?.text).match(/https?:\S+/)?.[0])).searchParams.get('token');
      expect((await post(second, '/auth/reset-password', { token, newPassword: 'another long password' })).status).toBe(200);
      expect((await post(second, '/auth/staff-password-login', { identifier: 'new.admin@example.test', password: 'another long password' })).status).toBe(200);
    } finally {
      await db.close();
    }
  }, 60_000);
});
