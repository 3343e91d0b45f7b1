import type { FlagContext } from './evaluate.ts';

/** Why an OFREP request was refused: OFREP's own error codes, answered with 400. */
export class OfrepRequestError extends Error {
  constructor(
    readonly errorCode: 'PARSE_ERROR' | 'INVALID_CONTEXT',
    message: string,
  ) {
    super(message);
  }
}

const LIMITS = { targetingKey: 200, deviceId: 200, market: 10, lang: 35, platform: 30 } as const;

/**
 * The flag context of an OFREP body (`{context: {...}}`, or nothing): deviceId (targetingKey when
 * absent), market (upper case), lang (its primary subtag, lower case: de-DE is de) and platform.
 * userId and role are never read from here: the caller's token gives them. Other context keys
 * are allowed and ignored, as OFREP lets clients send any.
 */
export function flagContextFromBody(raw: string, caller: { sub: string; role: string } | undefined): FlagContext {
  let body: unknown = {};
  if (raw.trim() !== '') {
    try {
      body = JSON.parse(raw);
    } catch {
      throw new OfrepRequestError('PARSE_ERROR', 'The request body is not valid JSON');
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new OfrepRequestError('INVALID_CONTEXT', 'The body must be an object');
  const context = (body as { context?: unknown }).context ?? {};
  if (typeof context !== 'object' || context === null || Array.isArray(context)) throw new OfrepRequestError('INVALID_CONTEXT', 'context must be an object');
  const c = context as Record<string, unknown>;
  for (const [name, max] of Object.entries(LIMITS)) {
    const v = c[name];
    if (v !== undefined && (typeof v !== 'string' || v.length > max))
      throw new OfrepRequestError('INVALID_CONTEXT', `context.${name} must be a string of at most ${max} characters`);
  }
  const text = (name: keyof typeof LIMITS) => (typeof c[name] === 'string' && c[name] !== '' ? (c[name] as string) : undefined);
  const out: FlagContext = {};
  const deviceId = text('deviceId') ?? text('targetingKey');
  if (deviceId) out.deviceId = deviceId;
  const market = text('market');
  if (market) out.market = market.toUpperCase();
  const lang = text('lang');
  if (lang) out.lang = (lang.split(/[-_]/)[0] ?? lang).toLowerCase();
  const platform = text('platform');
  if (platform) out.platform = platform.toLowerCase();
  if (caller) {
    out.userId = caller.sub;
    out.role = caller.role;
  }
  return out;
}
