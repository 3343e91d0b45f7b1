import { MAX_EVENT_BYTES, TRACK_EVENT_TYPES, type TrackEvent, type TrackRejectionReason } from '@tm/contracts';

/** One event of a batch: either well-formed, or refused with a reason (and never silently dropped). */
export type CheckedEvent = { ok: true; event: TrackEvent } | { ok: false; messageId: string | null; reason: TrackRejectionReason };

const TYPES = new Set<string>(TRACK_EVENT_TYPES);

/**
 * The rules of one event (the Segment tracking spec's shape): at most 32 KB of JSON
 * (`too_large`), a known type, messageId and anonymousId of 1-100 characters, an event name for
 * `track`, properties an object, and a timestamp that parses (`invalid` otherwise).
 */
export function checkEvent(raw: unknown): CheckedEvent {
  const messageId = typeof (raw as { messageId?: unknown })?.messageId === 'string' ? ((raw as { messageId: string }).messageId as string) : null;
  if (JSON.stringify(raw ?? null).length > MAX_EVENT_BYTES) return { ok: false, messageId, reason: 'too_large' };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, messageId, reason: 'invalid' };
  const e = raw as Record<string, unknown>;
  const text = (v: unknown, max: number) => typeof v === 'string' && v.length >= 1 && v.length <= max;
  const valid =
    typeof e.type === 'string' &&
    TYPES.has(e.type) &&
    text(e.messageId, 100) &&
    text(e.anonymousId, 100) &&
    (e.type !== 'track' || text(e.event, 200)) &&
    (e.event === undefined || text(e.event, 200)) &&
    (e.properties === undefined || (typeof e.properties === 'object' && e.properties !== null && !Array.isArray(e.properties))) &&
    typeof e.timestamp === 'string' &&
    Number.isFinite(Date.parse(e.timestamp));
  if (!valid) return { ok: false, messageId, reason: 'invalid' };
  return { ok: true, event: raw as TrackEvent };
}

/**
 * When the event happened by the server's clock: the device's timestamp moved by the device's
 * skew (`receivedAt - (sentAt - timestamp)`, Segment's correction), and never later than
 * receivedAt. Without sentAt the timestamp is taken as it is, also never in the future.
 */
export function correctedTime(timestamp: string, sentAt: string | undefined, receivedAt: number): number {
  const at = Date.parse(timestamp);
  const corrected = sentAt === undefined ? at : receivedAt - (Date.parse(sentAt) - at);
  return Math.min(corrected, receivedAt);
}
