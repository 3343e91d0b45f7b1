/**
 * `@tm/shared/mail`: the one mailer of every service that sends mail (auth's links, bookings'
 * notices). Its own entry point so only those processes load nodemailer.
 */
import { createTransport } from 'nodemailer';
import type { Logger } from '../core/logger.ts';

/** One outgoing message: plain text, with an HTML part when the sender has one. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where mail goes: SMTP in production, the log (dev outbox) in development, memory in tests. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer over SMTP_URL (`smtp://user:pass@host:587`, `smtps://...`), sending as MAIL_FROM. */
export function createSmtpMailer(options: { url: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  const transport = createTransport({ url: options.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}

/** Development outbox: the message (with any link) goes to the log as `mail (dev outbox)`. */
export function createLogMailer(logger: Logger): Mailer {
  return {
    async send(mail) {
      logger.info('mail (dev outbox)', { to: mail.to, subject: mail.subject, text: mail.text });
    },
    async close() {},
  };
}

/** Tests: messages kept in `sent`; `failNext` makes the next sends throw (to test retries). */
export function createMemoryMailer(): Mailer & { sent: Mail[]; failNext: number } {
  const m = {
    sent: [] as Mail[],
    failNext: 0,
    async send(mail: Mail) {
      if (m.failNext > 0) {
        m.failNext--;
        throw new Error('smtp unavailable (test)');
      }
      m.sent.push(mail);
    },
    async close() {},
  };
  return m;
}
