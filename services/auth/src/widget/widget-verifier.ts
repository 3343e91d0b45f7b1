import { DomainError } from '@tm/shared';

/** Exchanges a client-side SMS widget token for the number the provider verified. */
export interface WidgetVerifier {
  /** The verified number as the provider wrote it (digits, maybe a leading +); throws DomainError. */
  verify(token: string): Promise<string>;
}

/**
 * DESIGN.md contract: POST `{ authkey, "access-token" }` to WIDGET_VERIFY_URL; success is
 * `{ type: "success", message: "<digits>" }`. Timeouts, network errors and 5xx fail closed
 * (WIDGET_PROVIDER_ERROR); any other answer is a rejected token (INVALID_WIDGET_TOKEN).
 */
export function createHttpWidgetVerifier(options: { url: string; authKey: string; timeoutMs: number; fetch?: typeof fetch }): WidgetVerifier {
  const doFetch = options.fetch ?? fetch;
  return {
    async verify(token) {
      let res: Response;
      let body: unknown;
      try {
        res = await doFetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ authkey: options.authKey, 'access-token': token }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        body = await res.json().catch(() => null);
      } catch {
        throw providerError();
      }
      if (res.status >= 500) throw providerError();
      const answer = body as { type?: unknown; message?: unknown } | null;
      if (res.ok && answer?.type === 'success' && typeof answer.message === 'string') return answer.message;
      throw new DomainError('INVALID_WIDGET_TOKEN', 'The widget token was rejected');
    },
  };
}

/** Used when WIDGET_VERIFY_URL is unset: the flow answers 400 instead of trusting anything. */
export const unconfiguredWidgetVerifier: WidgetVerifier = {
  async verify() {
    throw new DomainError('WIDGET_NOT_CONFIGURED', 'SMS widget sign-in is not configured on this server');
  },
};

function providerError(): DomainError {
  return new DomainError('WIDGET_PROVIDER_ERROR', 'The SMS widget provider could not confirm the token; try again');
}
