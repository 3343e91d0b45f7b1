import { BOOKINGS_ERROR_STATUS, MAX_IDEMPOTENCY_KEY_LENGTH } from '@tm/contracts';
import { type Clock, DomainError, fail, type Logger, statusForCode } from '@tm/shared';
import { documentedHeaders } from '@tm/shared/http';
import { type DocumentStore, isDuplicateKeyError } from '@tm/shared/store';
import { t } from 'elysia';

/** The Idempotency-Key header as the routes that take one describe it (`run` checks its form). */
export const IdempotencyHeaders = documentedHeaders({
  'idempotency-key': t.Optional(t.String({ description: `1-${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters; replays the first answer` })),
});

/** How long an answer is kept for replay (DESIGN.md: at least 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still `running` after this long did not finish (it died, or its answer could not be stored). */
const RUNNING_LEASE_MS = 60_000;
/**
 * Answers that say "try again shortly", or "do this first, then again" (the checkout gate's: the
 * person accepts the terms, then the same checkout is retried): never kept, so the client's retry
 * with the same key runs again.
 */
const RETRYABLE_CODES = new Set([
  'PAYMENT_OPENING',
  'IDEMPOTENCY_KEY_IN_USE',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'LEGAL_ACCEPTANCE_REQUIRED',
  'LEGAL_VERSION_NOT_CURRENT',
]);
/** Writes of the finished answer before giving up (the record then stays `running`; see below). */
const FINISH_ATTEMPTS = 3;

interface IdempotencyDoc {
  _id: string;
  /** Whose request this was (an account or guest id): the person's erasure removes their records by it. */
  callerId?: string;
  fingerprint: string;
  state: 'running' | 'done';
  lockedUntil: number;
  status?: number;
  body?: unknown;
  expiresAt: Date;
  [key: string]: unknown;
}

/** An answer a use case produced: replayed as it was. */
export interface Answer {
  status: number;
  body: unknown;
}

const KEY = new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);
const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex');

/**
 * `Idempotency-Key` on every POST (Stripe's model): same key, caller, path and body replay the
 * first answer with `Idempotent-Replayed: true`; another path or body is 409
 * IDEMPOTENCY_KEY_REUSED; while the first still runs, 409 IDEMPOTENCY_KEY_IN_USE. Answers of 5xx,
 * retryable answers (PAYMENT_OPENING and the like, anything with Retry-After) and thrown errors
 * are not kept, so the client's retry runs again. A first request that never finished (the
 * process died, or its answer could not be stored) is never run again under the key: 409
 * IDEMPOTENCY_KEY_OUTCOME_UNKNOWN. Without the header the use case simply runs (no record).
 */
export function createIdempotency(documents: DocumentStore, clock: Clock, logger: Logger) {
  const records = documents.collection<IdempotencyDoc>('idempotency_keys');
  /**
   * Stores the handler's answer, retried: the work is done, so a lost write must not let the key
   * run the handler again. Should every attempt fail, the record stays `running`, and the same key
   * answers 409 IDEMPOTENCY_KEY_IN_USE, then IDEMPOTENCY_KEY_OUTCOME_UNKNOWN (never a second run).
   */
  async function finish(id: string, answer: Answer): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await records.updateOne(
          { _id: id },
          { $set: { state: 'done', status: answer.status, body: answer.body, expiresAt: new Date(clock.now() + IDEMPOTENCY_TTL_MS) } },
        );
        return;
      } catch (err) {
        if (attempt >= FINISH_ATTEMPTS) {
          logger.error('idempotency answer not stored; the key will answer IDEMPOTENCY_KEY_OUTCOME_UNKNOWN', { error: String(err) });
          return;
        }
      }
    }
  }

  return {
    async ensureIndexes() {
      await records.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'idempotency_ttl' });
      await records.createIndex({ callerId: 1 }, { name: 'idempotency_caller' });
    },

    /**
     * Forgets every stored answer of these callers (an erased person, and the guest sessions
     * whose bookings were handed over to them): answers hold what the requests carried, contact data and notes.
     */
    async forgetCallers(callerIds: readonly string[]): Promise<number> {
      if (callerIds.length === 0) return 0;
      return (await records.deleteMany({ callerId: { $in: [...callerIds] } })).deletedCount;
    },

    async run(request: Request, callerId: string, body: unknown, handler: () => Promise<Answer>): Promise<Response> {
      const key = request.headers.get('idempotency-key');
      if (key === null) return respond(await answerOf(handler));
      if (!KEY.test(key)) throw new DomainError('INVALID_IDEMPOTENCY_KEY', `Idempotency-Key must be 1-${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters`);
      const id = sha256(`${callerId}\n${key}`);
      const url = new URL(request.url);
      const fingerprint = sha256(`${request.method} ${url.pathname}\n${JSON.stringify(body ?? null)}`);
      const now = clock.now();
      const fresh: IdempotencyDoc = {
        _id: id,
        callerId,
        fingerprint,
        state: 'running',
        lockedUntil: now + RUNNING_LEASE_MS,
        expiresAt: new Date(now + IDEMPOTENCY_TTL_MS),
      };
      try {
        await records.insertOne(fresh);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        const existing = await records.findOne({ _id: id });
        if (existing) {
          if (existing.fingerprint !== fingerprint) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request');
          if (existing.state === 'done') return respond({ status: existing.status ?? 200, body: existing.body }, true);
          // Not finished within its lease: the first request died, or its answer could not be
          // stored. Either way it may have done its work (a booking, a payment), so running the
          // handler again could do it twice: the key is spent, and the client checks and uses a new one.
          if (existing.lockedUntil <= now)
            throw new DomainError(
              'IDEMPOTENCY_KEY_OUTCOME_UNKNOWN',
              'The first request with this Idempotency-Key did not finish; check whether it took effect, then retry with a new key',
            );
          throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running');
        } else {
          // Expired between the insert and the read: start over as a first request.
          await records.insertOne(fresh).catch(() => {
            throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running');
          });
        }
      }
      let answer: Answer;
      try {
        answer = await answerOf(handler);
      } catch (err) {
        await records.deleteOne({ _id: id }).catch(() => undefined);
        throw err;
      }
      if (answer.status >= 500 || RETRYABLE_CODES.has(codeOf(answer) ?? '')) await records.deleteOne({ _id: id });
      else await finish(id, answer);
      return respond(answer);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** The use case's answer, or the envelope of its domain error with that error's status. */
async function answerOf(handler: () => Promise<Answer>): Promise<Answer> {
  try {
    return await handler();
  } catch (err) {
    const status = err instanceof DomainError && err.retryAfterS === undefined ? statusForCode(err.code, BOOKINGS_ERROR_STATUS) : undefined;
    // A code without a status in the table is a programming error: serviceBase answers it (a logged 500).
    if (err instanceof DomainError && status !== undefined) return { status, body: fail(err.code, err.message) };
    throw err;
  }
}

function codeOf(answer: Answer): string | undefined {
  const body = answer.body as { error?: { code?: unknown } } | null;
  return typeof body?.error?.code === 'string' ? body.error.code : undefined;
}

function respond(answer: Answer, replayed = false): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (replayed) headers['idempotent-replayed'] = 'true';
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}
