import type { Answer } from './auth-under-test.ts';

type Call = (method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }) => Promise<Answer>;

/** Signs a customer in by SMS code (the dev outbox is the memory log) and answers the AuthSession. */
export async function signInCustomer(call: Call, logger: { lines: Record<string, unknown>[] }, mobile = randomMobile()) {
  await call('POST', '/auth/send-otp', { body: { mobile } });
  const otp = String(logger.lines.filter((l) => l.to === mobile).at(-1)?.text).match(/\b(\d{6})\b/)?.[1];
  const res = await call('POST', '/auth/verify-otp', { body: { mobile, otp } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { accessToken: string; refreshToken: string; user: { id: string; role: string } };
}

/** A German mobile number nobody else in the test uses. */
export function randomMobile(): string {
  return `+49151${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}
