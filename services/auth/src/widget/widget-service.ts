import { DomainError } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { sha256Hex } from '../kv-limits.ts';
import { parseMobile } from '../otp/otp-policy.ts';
import type { WidgetVerifier } from './widget-verifier.ts';

/** How long a used widget token is remembered: longer than any provider keeps one valid. */
export const WIDGET_TOKEN_MEMORY_MS = 24 * 60 * 60_000;

/**
 * Widget tokens are single use: the token's hash is claimed with SET NX before the provider is
 * asked, so a replay (even a concurrent one) is refused without a provider call. The number
 * comes from the provider's answer, never from the request.
 */
export function createWidgetService(deps: { keyValue: KeyValueStore; widget: WidgetVerifier; smsCountryCodes: readonly string[] }) {
  return {
    async verify(token: string): Promise<string> {
      const fresh = await deps.keyValue.set(`widget:used:${sha256Hex(token)}`, '1', { px: WIDGET_TOKEN_MEMORY_MS, nx: true });
      if (!fresh) throw new DomainError('INVALID_WIDGET_TOKEN', 'The widget token was rejected');
      const digits = (await deps.widget.verify(token)).trim();
      const mobile = digits.startsWith('+') ? digits : `+${digits}`;
      try {
        return parseMobile(mobile, deps.smsCountryCodes);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'INVALID_MOBILE')
          throw new DomainError('WIDGET_PROVIDER_ERROR', 'The SMS widget provider returned no usable number');
        throw err;
      }
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
