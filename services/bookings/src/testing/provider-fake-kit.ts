/** What the Stripe and Razorpay fakes share: the server, its request log, injected faults, ids, money in error messages. Tests only. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A provider-style id: `<prefix>_` and 14 random letters and digits (`pi_…`, `order_…`). */
export function newFakeId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** `1234` `eur` as `€12.34`-like text for error messages (both providers quote amounts in them). */
export function formatMinorForMessage(amount: number, currency: string): string {
  return `${currency.toUpperCase()} ${(amount / 100).toFixed(2)}`;
}

/** Failures a test asks of a fake: the next requests answer an error status, or never answer. */
interface FakeFaults {
  failNext(count?: number, status?: number): void;
  hangNext(count?: number): void;
  /** The response the next request gets instead of being served, if a fault is queued (a hang resolves only at release). */
  take(): Promise<Response | undefined>;
  /** Answers every hanging request (503) so the server can stop. */
  release(): void;
}

function createFakeFaults(): FakeFaults {
  const queue: ({ kind: 'fail'; status: number } | { kind: 'hang' })[] = [];
  const hanging: ((res: Response) => void)[] = [];
  return {
    failNext(count = 1, status = 500) {
      for (let i = 0; i < count; i++) queue.push({ kind: 'fail', status });
    },
    hangNext(count = 1) {
      for (let i = 0; i < count; i++) queue.push({ kind: 'hang' });
    },
    async take() {
      const fault = queue.shift();
      if (!fault) return undefined;
      if (fault.kind === 'fail')
        return Response.json({ error: { type: 'api_error', code: 'SERVER_ERROR', message: 'injected failure' } }, { status: fault.status });
      return new Promise<Response>((resolve) => hanging.push(resolve));
    },
    release() {
      for (const resolve of hanging.splice(0)) resolve(new Response('stopped', { status: 503 }));
    },
  };
}

/** A fake's HTTP side, the same for every provider. */
export interface FakeProvider<Entry> {
  url: string;
  /** Every request received, oldest first. */
  requests: Entry[];
  /** The next `count` requests answer `status` (500 by default) before anything else runs; nothing is saved. */
  failNext(count?: number, status?: number): void;
  /** The next `count` requests never answer (until `stop()`), to exercise the caller's timeout. */
  hangNext(count?: number): void;
  stop(): void;
}

/**
 * Starts a fake provider on 127.0.0.1 at a free port. Each request is read into its log entry by
 * `record` (which may answer at once instead, as for a body it cannot parse), then meets any
 * injected fault, and only then reaches the provider's own `serve`.
 */
export function startFakeProvider<Entry>(fake: {
  record(req: Request, url: URL): Promise<Entry | Response>;
  serve(req: Request, url: URL, entry: Entry): Response | Promise<Response>;
}): FakeProvider<Entry> {
  const requests: Entry[] = [];
  const faults = createFakeFaults();
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const entry = await fake.record(req, url);
      if (entry instanceof Response) return entry;
      requests.push(entry);
      return (await faults.take()) ?? fake.serve(req, url, entry);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    failNext: faults.failNext,
    hangNext: faults.hangNext,
    stop() {
      faults.release();
      server.stop(true);
    },
  };
}
