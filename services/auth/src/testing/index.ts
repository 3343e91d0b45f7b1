/**
 * `@tm/auth/testing`: what other workspaces' tests may use of auth: an auth app on embedded
 * stores, and the local stand-ins for its providers (SMS webhook, widget verifier, identity
 * provider, SMTP server). Nothing here is for production code.
 */
export { type Answer, caller, createAuthUnderTest, type TestClock } from './auth-under-test.ts';
export { decodeQuotedPrintable, eventually, type ReceivedMail, startIdp, startSmsReceiver, startSmtpServer, startWidgetVerifier } from './peers.ts';
