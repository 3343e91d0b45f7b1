/**
 * One bad field in an otherwise valid body, on the real processes through the gateway. The
 * bad-input probe sets every field wrong at once, so validation stops at the first; here each
 * operation with a JSON body first gets a VALID body built from its schema (support/
 * bad-field-mutations.ts; real ids from the public API where the operation needs one, and the
 * per-operation table below where the schema cannot say), sent as the caller it needs, and then
 * that body with one field at a time (top level and one level down) replaced by the wrong type,
 * null, '', 10,000 characters, -1, 1e308, a fraction, a list, {"$gt": ""} or a string breaking its
 * pattern or format, or left out. Every answer must be free of 5xx, every 4xx in the envelope, and
 * a value a declared constraint refuses must be refused (4xx), not accepted.
 *
 * Skipped as in the bad-input probe: event streams. Account deletion has no body; sign-out gets a
 * fresh staff session per request; both are probed by the bad-input probe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type FieldProbeContext, OVERRIDES, realIds } from './support/bad-field-context.ts';
import { badFieldMutations, type Mutation } from './support/bad-field-mutations.ts';
import { badInputVariants, type OpenApiDoc, type Operation } from './support/bad-input-variants.ts';
import { type RunningSystem, startSystem } from './support/system.ts';

const ADMIN = { email: 'root@example.com', password: 'correct-horse-battery' };
const BATCH = 8;
/** The generic validation refusals: a valid body answered with one of these was not valid. */
const VALIDATION_CODES = new Set(['VALIDATION_FAILED', 'MALFORMED_JSON', 'UNKNOWN_FIELD']);
/**
 * Operations whose valid body must be accepted (2xx), so their one-bad-field bodies reach the
 * handler past everything but the broken field: 29 of 41 when this was set. The others are refused
 * for business reasons (no widget or IdP configured, tokens only a mail or a guest session carries,
 * a booking not yet paid or completed, no review yet); an operation added later is probed without
 * being listed here.
 */
const MUST_ACCEPT = [
  'sendOtp',
  'verifyOtp',
  'staffPasswordLogin',
  'forgotPassword',
  'refreshSession',
  'updateMe',
  'createStaffAccount',
  'quoteJob',
  'createBooking',
  'cancelBooking',
  'createPayment',
  'postChatByBookingIdMessages',
  'patchChatByBookingIdMessagesByMessageId',
  'postChatByBookingIdRead',
  'postChatStream-tickets',
  'acceptLegalDocument',
  'createLegalVersion',
  'putMessageBundle',
  'createPage',
  'updatePage',
  'putFlag',
  'recordExposure',
  'track',
  'putConsent',
  'createLead',
  'updateLead',
  'postChatbotSessions',
  'changePassword',
  'signOut',
];
const SESSION_ENDING = new Set(['signOut', 'deleteAccount']);

type Caller = 'anonymous' | 'staff' | 'customer';

let sys: RunningSystem;
let ctx: FieldProbeContext;
let operations: Operation[];
let mutations: ReturnType<typeof badFieldMutations>;
const coverage: { op: string; caller: Caller; status: number; code: string; mutations: number }[] = [];
const failures: string[] = [];
let sent = 0;

interface Answer {
  status: number;
  text: string;
  code?: string;
  data?: unknown;
}

async function send(op: Operation, caller: Caller, body: unknown): Promise<Answer> {
  let token: string | undefined;
  try {
    token = op.id === 'signOut' ? await ctx.staffToken() : caller === 'anonymous' ? undefined : ctx.tokens[caller];
  } catch (err) {
    return { status: 0, text: `no session: ${(err as Error).message}` };
  }
  const path = op.params
    .filter((p) => p.in === 'path')
    .reduce((p, param) => p.replace(`{${param.name}}`, encodeURIComponent(ctx.pathValue(op.id, param.name))), op.path);
  try {
    const res = await fetch(`${sys.gateway}/api${path}`, {
      method: op.method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let code: string | undefined;
    let data: unknown;
    try {
      const parsed = JSON.parse(text) as { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } };
      data = parsed.data;
      if (parsed.success === false && typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string') code = parsed.error.code;
    } catch {}
    return { status: res.status, text, code, data };
  } catch (err) {
    return { status: 0, text: `no answer (${(err as Error).message})` };
  }
}

/** What was wrong with one answer, naming the request; undefined when it is acceptable. */
/**
 * What is wrong with one answer, or undefined. `validRefusal` is the code the valid body itself was
 * refused with (a business reason: no completed booking, no such review): a broken field must be
 * refused for what it is, before that reason, or the mutation would prove nothing.
 */
function judge(op: Operation, caller: Caller, m: Mutation, a: Answer, validRefusal?: string): string | undefined {
  const what = `${op.method} ${op.path} (${op.id}) ${m.field} = ${m.name} as ${caller}`;
  const answer = `${a.status} ${a.text.slice(0, 240)}`;
  if (a.status === 0 || a.status >= 500) return `${what}: ${answer}`;
  if (a.status >= 400 && a.code === undefined) return `${what}: 4xx without the envelope: ${answer}`;
  if (m.mustRefuse && a.status < 400 && !OVERRIDES[op.id]?.refusedIn200?.(a.data)) return `${what}: a declared constraint was not enforced: ${answer}`;
  if (m.mustRefuse && validRefusal !== undefined && a.code === validRefusal)
    return `${what}: refused only for the valid body's own reason (${validRefusal}): ${answer}`;
  return undefined;
}

/** The caller an operation needs: anonymous when it declares no security, else the customer unless refused as one. */
async function validCheck(op: Operation, body: Record<string, unknown>): Promise<{ caller: Caller; answer: Answer }> {
  const forced = OVERRIDES[op.id]?.caller;
  const callers: Caller[] = forced ? [forced] : op.secured ? ['customer', 'staff'] : ['anonymous'];
  let last: { caller: Caller; answer: Answer } | undefined;
  for (const caller of callers) {
    last = { caller, answer: await send(op, caller, body) };
    if (last.answer.status !== 401 && last.answer.status !== 403) break;
  }
  return last as { caller: Caller; answer: Answer };
}

async function probe(op: Operation): Promise<void> {
  const schema = op.bodySchema as NonNullable<Operation['bodySchema']>;
  const valid = { ...(mutations.validValue(schema) as Record<string, unknown>), ...OVERRIDES[op.id]?.body?.(ctx) };
  if (mutations.violates(schema, valid)) failures.push(`${op.id}: the probe's own valid body breaks the schema: ${JSON.stringify(valid).slice(0, 300)}`);
  const { caller, answer } = await validCheck(op, valid);
  const bad = judge(op, caller, { field: '(none)', name: 'the valid body', body: valid, mustRefuse: false }, answer);
  if (bad) failures.push(bad);
  const list = mutations.mutationsOf(schema, valid);
  coverage.push({ op: op.id, caller, status: answer.status, code: answer.code ?? '', mutations: list.length });
  // Sign-out signs in afresh per request: one at a time, as auth refuses sign-ins past five at
  // once for the same identifier with a 429 (staff/staff-login.ts), which `send` reads as no answer.
  const size = op.id === 'signOut' ? 1 : BATCH;
  for (let i = 0; i < list.length; i += size) {
    const batch = list.slice(i, i + size);
    const answers = await Promise.all(batch.map((m) => send(op, caller, m.body)));
    answers.forEach((a, j) => {
      const f = judge(op, caller, batch[j] as Mutation, a, answer.status >= 400 ? answer.code : undefined);
      if (f) failures.push(f);
    });
    sent += batch.length;
  }
}

/** Reads that no valid body here changes and that must answer the same after the probe. */
const STORED_READS = ['/services/catalog', '/legal/terms', '/i18n/en/common', '/talent/sitemap'];
const before: Record<string, string> = {};
const read = async (path: string) => (await fetch(`${sys.gateway}/api${path}`)).text();

describe('one bad field in an otherwise valid body, for every operation of /openapi.json with a JSON body', () => {
  beforeAll(async () => {
    sys = await startSystem({ BOOTSTRAP_ADMIN_EMAIL: ADMIN.email, BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password });
    const doc = (await (await fetch(`${sys.gateway}/openapi.json`)).json()) as OpenApiDoc;
    const all = badInputVariants(doc).operationsOf(SESSION_ENDING).operations;
    // Session-ending operations last, so a defect there cannot take the others' tokens with it.
    operations = all
      .filter((op) => op.bodySchema !== undefined)
      .sort((a, b) => Number(OVERRIDES[a.id]?.last ?? false) - Number(OVERRIDES[b.id]?.last ?? false));
    mutations = badFieldMutations(doc);
    ctx = await realIds(sys.gateway, ADMIN, sys.waitForLog);
    for (const path of STORED_READS) before[path] = await read(path);
  }, 60_000);
  afterAll(async () => {
    await sys?.stop();
  }, 20_000);

  it('accepts the valid body of most operations, and answers every one-bad-field body with no 5xx, any 4xx in the envelope, and a 4xx where a declared constraint is broken', async () => {
    const started = Date.now();
    for (const op of operations) await probe(op);
    const accepted = coverage.filter((c) => c.status >= 200 && c.status < 300);
    console.log(
      [
        `valid bodies accepted: ${accepted.length} of ${coverage.length}; one-bad-field bodies sent: ${sent} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        ...coverage.map(
          (c) =>
            `  ${c.status >= 200 && c.status < 300 ? 'accepted' : 'refused '} ${String(c.status)} ${c.code.padEnd(24)} ${c.caller.padEnd(9)} ${String(c.mutations).padStart(4)} ${c.op}`,
        ),
      ].join('\n'),
    );
    for (const c of coverage)
      if (VALIDATION_CODES.has(c.code)) failures.push(`${c.op}: the valid body was refused as invalid (${c.status} ${c.code}): fix the probe's body`);
    expect(failures).toEqual([]);
    const acceptedIds = new Set(accepted.map((c) => c.op));
    expect(MUST_ACCEPT.filter((id) => !acceptedIds.has(id))).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
  }, 150_000);

  it('still serves the catalog, current terms, message bundles and talent it served before, unchanged, and both tokens still work', async () => {
    const changed = [];
    for (const path of STORED_READS) if ((await read(path)) !== before[path]) changed.push(path);
    expect(changed).toEqual([]);
    for (const caller of ['staff', 'customer'] as const) {
      const res = await fetch(`${sys.gateway}/api/account/me`, { headers: { authorization: `Bearer ${ctx.tokens[caller]}` } });
      expect({ caller, status: res.status }).toEqual({ caller, status: 200 });
    }
  });
});
