import { resolveLang } from '@tm/shared/money';
import type { CheckoutFacts } from './terms-gate.ts';

/**
 * The person's request facts an acceptance at checkout records: the client IP the gateway
 * resolved (its one X-Forwarded-For entry), the user agent, and the language the terms were read in.
 */
export function checkoutFacts(request: Request): CheckoutFacts {
  const ip = request.headers.get('x-forwarded-for')?.split(',').pop()?.trim();
  const userAgent = request.headers.get('user-agent');
  return {
    lang: resolveLang(request.headers.get('x-lang')),
    ...(ip ? { ip: ip.slice(0, 100) } : {}),
    ...(userAgent ? { userAgent: userAgent.slice(0, 512) } : {}),
  };
}
