import type { Logger } from '@tm/shared';
import { createTransport } from 'nodemailer';

/** One outgoing message with a plain-text and an HTML part. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: SMTP in production, the log in development. */
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

/** Development outbox: the message (with any link) goes to the log. */
export function createLogMailer(logger: Logger): Mailer {
  return {
    async send(mail) {
      logger.info('mail (dev outbox)', { to: mail.to, subject: mail.subject, text: mail.text });
    },
    async close() {},
  };
}
