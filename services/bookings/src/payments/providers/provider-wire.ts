import { CURRENCY_CODES, type CurrencyCode } from '@tm/contracts';
import { ProviderUnavailableError } from '../provider.ts';

/**
 * A provider that answered, but refused the request for good (Stripe 400/402/404, Razorpay 400):
 * a refund above what is left, an idempotency key reused with other parameters, an unknown id.
 * It extends ProviderUnavailableError so a caller that only knows the port still treats it as
 * "not done, never guessed"; a caller that knows it can stop retrying a request that cannot pass.
 */
export class ProviderRejectedError extends ProviderUnavailableError {
  // `name` stays the base's literal ('ProviderUnavailableError', typed so by the port); instanceof tells them apart.
  constructor(
    /** The provider's own code (`amount_too_large`, `BAD_REQUEST_ERROR`, ...). */
    readonly code: string,
    message: string,
    /** The HTTP status the provider answered. */
    readonly status: number,
  ) {
    super(message);
  }
}

/** The upper-case ISO 4217 code of a provider's currency (`eur`, `INR`), or undefined when we do not trade in it. */
export function toCurrencyCode(wire: unknown): CurrencyCode | undefined {
  if (typeof wire !== 'string') return undefined;
  const upper = wire.toUpperCase();
  return (CURRENCY_CODES as readonly string[]).includes(upper) ? (upper as CurrencyCode) : undefined;
}

/** Like toCurrencyCode for an answer the adapter asked for: a currency we never send is a provider fault. */
export function expectCurrency(wire: unknown, what: string): CurrencyCode {
  const code = toCurrencyCode(wire);
  if (!code) throw new ProviderUnavailableError(`${what}: unexpected currency ${String(wire)}`);
  return code;
}

/** Throws unless `amount` is a positive integer of minor units (what both providers take). */
export function assertPositiveMinor(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what}: not a positive integer of minor units: ${amount}`);
}

/** An integer amount from a provider answer (minor units), or the error that it is not one. */
export function expectMinor(wire: unknown, what: string): number {
  if (typeof wire !== 'number' || !Number.isSafeInteger(wire) || wire < 0) throw new ProviderUnavailableError(`${what}: unexpected amount ${String(wire)}`);
  return wire;
}

/** Splits an API base URL into what a client needs, refusing anything but a bare http(s) origin. */
export function parseApiUrl(apiUrl: string, variable: string): { origin: string; protocol: 'http' | 'https'; host: string; port: number } {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new TypeError(`${variable} is not a URL: ${apiUrl}`);
  }
  const protocol = url.protocol === 'https:' ? 'https' : url.protocol === 'http:' ? 'http' : undefined;
  if (!protocol) throw new TypeError(`${variable} must be http(s): ${apiUrl}`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new TypeError(`${variable} must be an origin without path, query or credentials: ${apiUrl}`);
  }
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  return { origin: url.origin, protocol, host: url.hostname, port };
}
