import type { Clock, Logger } from '@tm/shared';
import type { InternalCallers } from '@tm/shared/http';
import type { Mailer } from '@tm/shared/mail';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import type { IdTokenVerifier } from './idp/idp-verifier.ts';
import type { AccountPeer } from './peers/account-peers.ts';
import type { TalentProfiles } from './peers/talent-profiles.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { PasswordHasher } from './staff/passwords.ts';
import type { SigningKey, VerificationKey } from './tokens/keys.ts';
import type { WidgetVerifier } from './widget/widget-verifier.ts';

/** Everything createApp needs, built by main.ts from config or by tests from embedded parts and local peers. */
export interface AuthDeps {
  documents: DocumentStore;
  keyValue: KeyValueStore;
  clock: Clock;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  signingKey: SigningKey;
  /** Public keys from before a rotation (JWT_PREVIOUS_PUBLIC_KEYS): published and accepted, never signed with. */
  previousPublicKeys?: readonly VerificationKey[];
  /** Server secret the OTP HMACs are keyed with. */
  otpSecret: string;
  /** Country codes (`+49`, ...) SMS sign-in serves; the markets' codes by default. */
  smsCountryCodes: readonly string[];
  sms: SmsSender;
  widget: WidgetVerifier;
  idp: IdTokenVerifier;
  mailer: Mailer;
  /** Talent's profiles, checked when a pm or resource account is linked (TALENT_URL). */
  talent: TalentProfiles;
  /** Services holding personal data, asked on export and deletion (bookings at BOOKINGS_URL). */
  accountPeers: readonly AccountPeer[];
  /** Wait before a deletion asks a service that was away again (ACCOUNT_ERASURE_RETRY_MS). */
  accountErasureRetryMs: number;
  passwords: PasswordHasher;
  /** Reset links are built from this, never from the request's Host. */
  resetUrlBase: string;
  /** Email confirmation links (PATCH /account/me) are built from this (EMAIL_CONFIRM_URL_BASE). */
  emailConfirmUrlBase: string;
  /** X-Forwarded-For hops to trust (1 behind the gateway). */
  trustProxy: number;
  maxBodyBytes: number;
}
