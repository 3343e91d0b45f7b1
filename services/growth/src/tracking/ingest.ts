import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS, type TrackEvent, type TrackResult } from '@tm/contracts';
import { DomainError, type Logger, newId } from '@tm/shared';
import type { Caller } from '@tm/shared/tokens/callers';
import type { Exposures } from '../experiments/exposures.ts';
import type { FlagDoc } from '../flags/model.ts';
import type { Consents } from './consents.ts';
import type { Dedupe } from './dedupe.ts';
import type { EventDoc, EventStore } from './event-store.ts';
import { checkEvent, correctedTime } from './events.ts';

export interface IngestDeps {
  events: EventStore;
  consents: Consents;
  dedupe: Dedupe;
  exposures: Exposures;
  /** The loaded flags, for their goal events. */
  flags: () => ReadonlyMap<string, FlagDoc>;
  logger: Logger;
}

/** The request as ingestion sees it: the raw body, the caller from the token (never the body), Sec-GPC, and the arrival time. */
export interface IngestRequest {
  raw: string;
  caller: Caller | undefined;
  gpc: boolean;
  receivedAt: number;
}

/**
 * `POST /track`: a batch is refused whole (400 INVALID_BATCH) only when it is not a batch at all
 * (not JSON, no `batch` array, over 100 events or 500 KB, a bad sentAt). Otherwise each event is
 * stored or listed in `rejected` with its reason, in this order: too_large / invalid (its shape),
 * no_consent (no analytics consent, or Sec-GPC), duplicate (its messageId was seen within 7
 * days, in this batch included). Stored events carry the token's userId and the corrected time.
 * When they cannot be stored the claims are released and the answer is 503: nothing is lost
 * silently, and the client's retry is not mistaken for a duplicate.
 */
export async function ingestBatch(deps: IngestDeps, req: IngestRequest): Promise<TrackResult> {
  const { batch, sentAt } = parseBatch(req.raw);
  const checked = batch.map(checkEvent);
  const rejected: TrackResult['rejected'] = [];
  const wellFormed: TrackEvent[] = [];
  for (const c of checked) {
    if (c.ok) wellFormed.push(c.event);
    else rejected.push({ messageId: c.messageId, reason: c.reason });
  }
  const allowed = await deps.consents.analyticsAllowed(
    wellFormed.map((e) => e.anonymousId),
    req.caller,
    req.gpc,
  );
  const consented = wellFormed.filter((e) => {
    if (allowed.get(e.anonymousId)) return true;
    rejected.push({ messageId: e.messageId, reason: 'no_consent' });
    return false;
  });
  const claims = await Promise.allSettled(consented.map((e) => deps.dedupe.claim(e.messageId)));
  const claimed = consented.filter((_, i) => claims[i]?.status === 'fulfilled' && claims[i].value === true);
  const failedClaim = claims.find((c): c is PromiseRejectedResult => c.status === 'rejected');
  if (failedClaim) {
    await deps.dedupe.release(claimed.map((e) => e.messageId)).catch(() => {});
    throw failedClaim.reason;
  }
  for (const [i, e] of consented.entries())
    if (claims[i]?.status === 'fulfilled' && !(claims[i] as PromiseFulfilledResult<boolean>).value)
      rejected.push({ messageId: e.messageId, reason: 'duplicate' });

  const docs = claimed.map((e) => toDoc(e, sentAt, req));
  if (docs.length > 0) {
    try {
      await deps.events.insertMany(docs);
    } catch (err) {
      await deps.dedupe.release(claimed.map((e) => e.messageId)).catch((e2) => deps.logger.error('track: claims not released', { error: String(e2) }));
      deps.logger.error('track: events not stored', { error: String(err), events: docs.length });
      throw new DomainError('SERVICE_UNAVAILABLE', 'Events cannot be stored right now; send the batch again shortly', 5);
    }
    await afterStore(deps, docs, req.caller);
  }
  return { accepted: docs.length, rejected };
}

function parseBatch(raw: string): { batch: unknown[]; sentAt: string | undefined } {
  const invalid = (why: string) => new DomainError('INVALID_BATCH', why);
  if (Buffer.byteLength(raw) > MAX_BATCH_BYTES) throw invalid(`A batch is at most ${MAX_BATCH_BYTES / 1024} KB`);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new DomainError('MALFORMED_JSON', 'The request body is not valid JSON');
  }
  const b = body as { batch?: unknown; sentAt?: unknown };
  if (typeof body !== 'object' || body === null || !Array.isArray(b.batch)) throw invalid('The body must be {batch: [events], sentAt}');
  if (b.batch.length === 0 || b.batch.length > MAX_BATCH_EVENTS) throw invalid(`batch: 1 to ${MAX_BATCH_EVENTS} events`);
  if (b.sentAt !== undefined && (typeof b.sentAt !== 'string' || !Number.isFinite(Date.parse(b.sentAt)))) throw invalid('sentAt: must be an ISO date-time');
  return { batch: b.batch, sentAt: b.sentAt as string | undefined };
}

function toDoc(e: TrackEvent, sentAt: string | undefined, req: IngestRequest): EventDoc {
  return {
    _id: newId(),
    messageId: e.messageId,
    type: e.type,
    anonymousId: e.anonymousId,
    ...(req.caller ? { userId: req.caller.sub } : {}),
    ...(e.event === undefined ? {} : { event: e.event }),
    ...(e.properties === undefined ? {} : { properties: e.properties }),
    at: new Date(correctedTime(e.timestamp, sentAt, req.receivedAt)),
    receivedAt: new Date(req.receivedAt),
  };
}

/** After storing: `identify` with a token links the device to the person; a goal event converts the device's exposures. */
async function afterStore(deps: IngestDeps, docs: readonly EventDoc[], caller: Caller | undefined): Promise<void> {
  const goals = new Map<string, string[]>();
  for (const f of deps.flags().values()) if (f.goalEvent) goals.set(f.goalEvent, [...(goals.get(f.goalEvent) ?? []), f._id]);
  for (const d of docs) {
    if (d.type === 'identify' && caller) await deps.consents.link(d.anonymousId, caller.sub, d.receivedAt);
    const flagKeys = d.type === 'track' && d.event ? goals.get(d.event) : undefined;
    if (flagKeys) await deps.exposures.convert(d.anonymousId, flagKeys, d.at);
  }
}
