import { type Clock, type Logger, newId } from '@tm/shared';
import type { Mailer } from '@tm/shared/mail';
import { countOutboxDeliveries, createOutbox, type OutboxGuard, type OutboxMessage, type OutboxOptions, PermanentDeliveryError } from '@tm/shared/outbox';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import { addressInUseMail, confirmMail } from '../account/confirm-mail.ts';
import type { EmailChangeRepository } from '../account/email-change-repository.ts';
import type { CustomerRepository } from '../customers/customer-repository.ts';
import { sha256Hex } from '../kv-limits.ts';
import { invitationMail } from '../staff/invitation-mail.ts';
import { resetMail } from '../staff/reset-mail.ts';
import type { ResetTokenRepository } from '../staff/reset-token-repository.ts';
import type { StaffDoc, StaffRepository } from '../staff/staff-repository.ts';

/** How long each link works, from its mail's delivery (DESIGN.md "Staff and accounts"). */
export const LINK_TTL_MS = { reset: 30 * 60_000, invitation: 72 * 60 * 60_000, emailConfirm: 24 * 60 * 60_000 } as const;

const TOPIC = { reset: 'staff.reset-link', invitation: 'staff.invitation', emailConfirm: 'account.email-confirm' } as const;

/** The outbox worker's timings (tests shorten them). */
export type LinkMailTimings = Pick<OutboxOptions, 'pollMs' | 'leaseMs' | 'backoffMs' | 'stagedGraceMs' | 'paused'>;

export interface LinkMailDeps {
  documents: DocumentStore;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** outbox_deliveries_total on /metrics, when given. */
  telemetry?: Telemetry | undefined;
  staff: StaffRepository;
  customers: CustomerRepository;
  resetTokens: ResetTokenRepository;
  emailChanges: EmailChangeRepository;
  /** Reset and invitation links are built from this (RESET_URL_BASE). */
  resetUrlBase: string;
  /** Email confirmation links (EMAIL_CONFIRM_URL_BASE). */
  emailConfirmUrlBase: string;
  timings?: LinkMailTimings;
}

/**
 * Auth's link mails (the staff password reset, the staff invitation, the email confirmation)
 * through auth's outbox (docs/auth.md "Link mails"). A link carries a secret token auth keeps
 * only as its SHA-256, so no message holds one: a message names the purpose and the account (or
 * the pending email change), and its delivery mints the token, stores the token's hash in place
 * of the account's (or the change's) earlier one, then mails the link. The message is stored with
 * the change (an invitation with its account, a confirmation with its pending change), delivered
 * by the worker of any replica with backoff, once per key, surviving a restart. A delivery that
 * is retried (the mailer failed, or a process died after sending) mints a new link, and the
 * earlier attempt's link stops working: the newest mail's link is the one that works.
 */
export function createLinkMails(deps: LinkMailDeps) {
  const { clock } = deps;
  const mint = () => {
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    return { token, hash: sha256Hex(token) };
  };
  const linkTo = (base: string, token: string) => {
    const url = new URL(base);
    url.searchParams.set('token', token);
    return url.toString();
  };

  /** A set-password link for a staff account (a reset or an invitation): the account's only live token from now on. */
  async function mailSetPasswordLink(account: StaffDoc, ttlMs: number, compose: (link: string) => { subject: string; text: string; html: string }) {
    const { token, hash } = mint();
    const now = new Date(clock.now());
    await deps.resetTokens.replaceFor({ _id: hash, staffId: account._id, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs), usedAt: null });
    await deps.mailer.send({ to: account.email, ...compose(linkTo(deps.resetUrlBase, token)) });
  }

  const outbox = createOutbox({
    documents: deps.documents,
    clock,
    logger: deps.logger,
    ...deps.timings,
    ...(deps.telemetry ? { onOutcome: countOutboxDeliveries(deps.telemetry.metrics) } : {}),
    // A reset request's address is whatever was typed, an account's or not: not kept once mailed.
    forgetPayloadOf: [TOPIC.reset],
    handlers: {
      async [TOPIC.reset](payload) {
        // A finished message set ready again by hand has no address left: failed, not "delivered" to nobody.
        if (typeof payload.email !== 'string')
          throw new PermanentDeliveryError('no address: it was forgotten when the message finished; the person asks again');
        // Looked up when sent: an address with no staff account, or a deactivated one, gets nothing (the request answered the same).
        const account = await deps.staff.findByEmail(String(payload.email));
        if (account && !account.deactivatedAt) await mailSetPasswordLink(account, LINK_TTL_MS.reset, resetMail);
      },
      async [TOPIC.invitation](payload) {
        const account = await deps.staff.findById(String(payload.staffId));
        // Deactivated meanwhile, or a password set already (a reset link): nothing to invite to.
        if (!account || account.passwordHash || account.deactivatedAt) return;
        await mailSetPasswordLink(account, LINK_TTL_MS.invitation, (link) => invitationMail(link, account.role));
      },
      async [TOPIC.emailConfirm](payload) {
        const { token, hash } = mint();
        // Gone (a newer change replaced it, the account was erased), used or expired: nothing to confirm.
        const change = await deps.emailChanges.setToken(String(payload.changeId), hash, new Date(clock.now()));
        if (!change) return;
        // The request answered the same whoever holds the address (no address oracle): its owner
        // learns here, by a mail only they can read, that it is in use, and gets no link.
        const holder = await (change.subjectKind === 'staff' ? deps.staff : deps.customers).findByEmail(change.email);
        if (holder && holder._id !== change.subjectId) await deps.mailer.send({ to: change.email, ...addressInUseMail() });
        else await deps.mailer.send({ to: change.email, ...confirmMail(linkTo(deps.emailConfirmUrlBase, token)) });
      },
    },
  });

  /** Delivers one message in the caller's request; true when it was mailed now (else the worker retries it). */
  const deliverNow = async (key: string) => (await outbox.deliver([key]).catch(() => 0)) === 1;
  /**
   * Stores `change` with its message, tries the mail in the request (before this process's
   * worker is woken), and answers whether the mail has gone: by this attempt, or already by
   * another replica's worker that claimed it first (then the request's claim finds it done).
   */
  async function storeAndMail(message: OutboxMessage, guard: OutboxGuard, change: () => Promise<void>): Promise<boolean> {
    await outbox.withChange(
      [message],
      guard,
      async () => {
        await change();
        return true;
      },
      { deliverNow: [message.key] },
    );
    return (await outbox.get(message.key).catch(() => null))?.state === 'delivered';
  }

  return {
    /**
     * A reset link for whichever staff account has `email`: stored at once, delivered off the
     * request path (the answer is the same for every address, and so is its timing).
     */
    async requestReset(email: string): Promise<void> {
      const key = `reset:${newId()}`;
      await outbox.enqueue([{ key, topic: TOPIC.reset, payload: { email } }]);
      void deliverNow(key);
    },
    /** Stores the new account `insert` writes with its invitation; true when the invitation was mailed now. */
    async withInvitation(account: StaffDoc, insert: () => Promise<void>): Promise<boolean> {
      return storeAndMail(
        { key: `invitation:${account._id}`, topic: TOPIC.invitation, payload: { staffId: account._id } },
        { collection: 'staff', filter: { _id: account._id } },
        insert,
      );
    },
    /** Stores the pending change `store` writes (as `changeId`) with its confirmation mail; true when it was mailed now. */
    async withEmailConfirmation(changeId: string, store: () => Promise<void>): Promise<boolean> {
      return storeAndMail(
        { key: `email-confirm:${changeId}`, topic: TOPIC.emailConfirm, payload: { changeId } },
        { collection: 'email_changes', filter: { _id: changeId } },
        store,
      );
    },
    /** One worker pass: every due mail delivered (tests); how many were handled. */
    deliverDue: () => outbox.deliverDue(),
    start: () => outbox.start(),
    stop: () => outbox.stop(),
    ensureIndexes: () => outbox.ensureIndexes(),
    /** The stored message (tests, operators). */
    get: (key: string) => outbox.get(key),
  };
}

export type LinkMails = ReturnType<typeof createLinkMails>;
