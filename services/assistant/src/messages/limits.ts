import { DomainError } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';

/** The chatbot's quotas (design/assistant.md: 20 a minute per session, 200 a day per client IP). */
export interface MessageLimits {
  perSessionPerMinute: number;
  perIpPerDay: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

async function count(kv: KeyValueStore, key: string, windowMs: number, max: number, what: string): Promise<void> {
  const n = await kv.incr(key, { px: windowMs });
  if (n <= max) return;
  const left = await kv.pttl(key);
  throw new DomainError('RATE_LIMITED', `Too many messages ${what}; try again later`, Math.ceil((left > 0 ? left : windowMs) / 1000));
}

/**
 * Counts one new message against both quotas (fixed windows from the first message, INCR with
 * PEXPIRE in one step; Redis when REDIS_URL is set, so every replica counts together): 429
 * RATE_LIMITED with Retry-After past either. Replays are not counted.
 */
export async function countMessage(kv: KeyValueStore, limits: MessageLimits, sessionId: string, clientIp: string): Promise<void> {
  await count(kv, `chatbot:msg:s:{${sessionId}}`, MINUTE_MS, limits.perSessionPerMinute, 'in this session');
  await count(kv, `chatbot:msg:ip:{${clientIp}}`, DAY_MS, limits.perIpPerDay, 'from this address today');
}
