import type { Logger } from '@tm/shared';

/** Where SMS go: the webhook contract in production, the log in development. */
export interface SmsSender {
  /** Resolves when the provider accepted the message; rejects otherwise. */
  send(message: { to: string; text: string }): Promise<void>;
}

/** DESIGN.md contract: POST `{ to, text }` as JSON to SMS_WEBHOOK_URL; any 2xx is success. */
export function createWebhookSmsSender(options: { url: string; timeoutMs: number; fetch?: typeof fetch }): SmsSender {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(message) {
      const res = await doFetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}

/** Development outbox: the text (with the code) goes to the log so a developer can sign in locally. */
export function createLogSmsSender(logger: Logger): SmsSender {
  return {
    async send(message) {
      logger.info('sms (dev outbox)', { to: message.to, text: message.text });
    },
  };
}
