/** What the Stripe and Razorpay fakes share: ids, injected faults, money in error messages. Tests only. */

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
export interface FakeFaults {
  failNext(count?: number, status?: number): void;
  hangNext(count?: number): void;
  /** The response the next request gets instead of being served, if a fault is queued (a hang resolves only at release). */
  take(): Promise<Response | undefined>;
  /** Answers every hanging request (503) so the server can stop. */
  release(): void;
}

export function createFakeFaults(): FakeFaults {
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
