import { describe, expect, it } from 'bun:test';
import { createMemoryLogger } from '../core/logger.ts';
import { createLogMailer, createMemoryMailer } from './mailer.ts';

const mail = { to: 'ana@example.test', subject: 'Your booking', text: 'BK-1 is paid.' };

describe('the mailers', () => {
  it('puts a development mail in the log as the dev outbox, link text included', async () => {
    const logger = createMemoryLogger('test');
    await createLogMailer(logger).send(mail);
    expect(logger.lines.find((l) => l.msg === 'mail (dev outbox)')).toMatchObject({ to: mail.to, subject: mail.subject, text: mail.text });
  });

  it('keeps test mail in memory and fails the next sends on demand, so retries can be tested', async () => {
    const mailer = createMemoryMailer();
    mailer.failNext = 1;
    await expect(mailer.send(mail)).rejects.toThrow('smtp unavailable');
    await mailer.send(mail);
    expect(mailer.sent).toEqual([mail]);
  });
});
