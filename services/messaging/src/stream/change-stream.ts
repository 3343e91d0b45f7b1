import type { Role } from '@tm/contracts';
import type { Logger } from '@tm/shared';
import { toMessage } from '../chat/model.ts';
import type { ChatRepository } from '../chat/repository.ts';
import type { Notices } from './notices.ts';

const encoder = new TextEncoder();
const PING = encoder.encode(': ping\n\n');

/** Headers of the stream: never cached, never buffered by a proxy in front (nginx reads X-Accel-Buffering). */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

export interface ChangeStreamOptions {
  repo: ChatRepository;
  notices: Notices;
  logger: Logger;
  bookingId: string;
  /** The viewer's role: an admin's events carry `original`. */
  role: Role;
  /** Replay every change after this seq first (Last-Event-ID or ?after); undefined: only what comes. */
  after: number | undefined;
  /** A `: ping` comment whenever nothing else went out for this long (at most 8 s). */
  heartbeatMs: number;
  /**
   * How long a missing seq below a newer one is waited for before it is passed over: a seq is
   * allocated before its change is written, so a later one can land first. A seq whose write
   * never happened (a crash between the two) is skipped after this long.
   */
  gapWaitMs: number;
  /** Called once when the stream opens. */
  onOpen?: () => void;
  /** Called with `true` about every heartbeat while open (presence), and once with `false` when it ends. */
  onPresence?: (open: boolean) => void;
  /**
   * Asked about every heartbeat: false when the viewer may no longer see the conversation (a PM
   * re-assigned away), which ends the stream, the one case the service ends one itself.
   */
  stillAllowed?: () => Promise<boolean>;
}

const BATCH = 200;

/**
 * The conversation's changes as a text/event-stream body: `id: <seq>`, `event: <type>`,
 * `data: <message JSON>`, in seq order, each once. A notice (this replica's or another's through
 * Redis) or the heartbeat makes it read the log after the last seq it sent, so nothing is missed
 * however notices arrive, and nothing is sent twice. It ends only when the reader goes away,
 * which frees its listener and timers at once.
 */
export function openChangeStream(o: ChangeStreamOptions): ReadableStream<Uint8Array> {
  let open = true;
  let cursor = o.after ?? -1;
  let reading = false;
  let again = false;
  let gapSince: number | undefined;
  let gapTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let lastWrite = performance.now();
  let lastRead = performance.now();
  let lastPresence = performance.now();

  const write = (bytes: Uint8Array) => {
    if (!open) return;
    lastWrite = performance.now();
    try {
      controller.enqueue(bytes);
    } catch {
      close();
    }
  };

  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    clearTimeout(gapTimer);
    unsubscribe?.();
    o.onPresence?.(false);
  };

  async function readOnce(): Promise<boolean> {
    if (cursor < 0) cursor = await o.repo.lastEventSeq(o.bookingId);
    const events = await o.repo.eventsAfter(o.bookingId, cursor, BATCH);
    const take: typeof events = [];
    let waiting = false;
    for (const e of events) {
      if (e.seq !== cursor + 1) {
        const now = performance.now();
        gapSince ??= now;
        if (now - gapSince < o.gapWaitMs) {
          waiting = true;
          clearTimeout(gapTimer);
          gapTimer = setTimeout(() => void pull(), o.gapWaitMs - (now - gapSince) + 1);
          break;
        }
      }
      gapSince = undefined;
      take.push(e);
      cursor = e.seq;
    }
    const ids = take.filter((e) => e.type !== 'noop' && e.messageId).map((e) => e.messageId as string);
    if (ids.length > 0) {
      const docs = new Map((await o.repo.messagesByIds(ids)).map((d) => [d._id, d]));
      let chunk = '';
      for (const e of take) {
        const doc = e.messageId ? docs.get(e.messageId) : undefined;
        if (e.type === 'noop' || !doc) continue;
        chunk += `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(toMessage(doc, o.role))}\n\n`;
      }
      if (chunk) write(encoder.encode(chunk));
    }
    return !waiting && events.length === BATCH;
  }

  async function pull(): Promise<void> {
    if (!open) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        while (open && (await readOnce())) {}
      } while (again && open);
    } catch (error) {
      // The store failed this once: the next notice or heartbeat reads again from the same seq.
      o.logger.warn('chat stream read failed', { bookingId: o.bookingId, error: (error as Error).message });
    } finally {
      reading = false;
    }
  }

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      unsubscribe = o.notices.subscribe(o.bookingId, () => void pull());
      o.onOpen?.();
      // Comments first thing, so a client (and the gateway) sees the stream is open before any change.
      write(PING);
      heartbeat = setInterval(
        () => {
          if (performance.now() - lastWrite >= o.heartbeatMs - 5) write(PING);
          if (performance.now() - lastPresence >= o.heartbeatMs - 5) {
            lastPresence = performance.now();
            o.onPresence?.(true);
            o.stillAllowed?.().then(
              (allowed) => {
                if (allowed || !open) return;
                close();
                try {
                  controller.close();
                } catch {
                  // Already cancelled by the reader.
                }
              },
              () => {},
            );
          }
          // A notice lost on the way (Redis away) is repaired here at the latest.
          if (performance.now() - lastRead >= o.heartbeatMs - 5) void pull().then(() => (lastRead = performance.now()));
        },
        Math.max(10, Math.floor(o.heartbeatMs / 4)),
      );
      void pull();
    },
    cancel() {
      close();
    },
  });
}
