/**
 * The limiter's counting script, the one rate-limiter-flexible's RateLimiterRedis runs (same steps,
 * same reply): start the window if none, count, and say when it ends. KEYS[1] is the bucket's key,
 * ARGV[1] the points to add, ARGV[2] the window in seconds; the reply is `{consumed, ttlMs}`.
 * The native path sends it (limiter-native.ts), and the bench's minimal gateway counts with it too.
 */
export const INCR_TTL = [
  "redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')",
  "local consumed = redis.call('incrby', KEYS[1], ARGV[1])",
  "local ttl = redis.call('pttl', KEYS[1])",
  "if ttl == -1 then redis.call('expire', KEYS[1], ARGV[2]) ttl = 1000 * ARGV[2] end",
  'return {consumed, ttl}',
].join('\n');
