import { type EvaluationContext, FlagNotFoundError, type JsonValue, type Provider, type ResolutionDetails, TypeMismatchError } from '@openfeature/server-sdk';
import type { FlagType } from '@tm/contracts';
import { evaluateFlag, type FlagContext } from './evaluate.ts';
import type { FlagDoc } from './model.ts';

/**
 * Growth's own OpenFeature provider: resolves a flag from the loaded flags with evaluateFlag
 * (rules, GrowthBook bucketing). The OpenFeature server SDK runs it, so evaluation goes through
 * the standard client (hooks, error codes, reasons) like any OpenFeature provider.
 */
export class GrowthFlagProvider implements Provider {
  readonly metadata = { name: 'growth-flags' } as const;
  readonly runsOn = 'server' as const;

  constructor(private readonly flags: () => ReadonlyMap<string, FlagDoc>) {}

  resolveBooleanEvaluation(key: string, _default: boolean, context: EvaluationContext): Promise<ResolutionDetails<boolean>> {
    return this.resolve(key, 'boolean', context) as Promise<ResolutionDetails<boolean>>;
  }
  resolveStringEvaluation(key: string, _default: string, context: EvaluationContext): Promise<ResolutionDetails<string>> {
    return this.resolve(key, 'string', context) as Promise<ResolutionDetails<string>>;
  }
  resolveNumberEvaluation(key: string, _default: number, context: EvaluationContext): Promise<ResolutionDetails<number>> {
    return this.resolve(key, 'number', context) as Promise<ResolutionDetails<number>>;
  }
  resolveObjectEvaluation<T extends JsonValue>(key: string, _default: T, context: EvaluationContext): Promise<ResolutionDetails<T>> {
    return this.resolve(key, 'object', context) as Promise<ResolutionDetails<T>>;
  }

  /** Async as the Provider interface asks; the work itself is synchronous, from the loaded flags. */
  private async resolve(key: string, type: FlagType, context: EvaluationContext): Promise<ResolutionDetails<unknown>> {
    const flag = this.flags().get(key);
    if (flag === undefined) throw new FlagNotFoundError(`No flag named ${key}`);
    if (flag.type !== type) throw new TypeMismatchError(`${key} is a ${flag.type} flag`);
    const e = evaluateFlag(flag, flagContextOf(context));
    return { value: e.value, reason: e.reason, ...(e.variant === undefined ? {} : { variant: e.variant }) };
  }
}

/** The evaluation context growth's rules read, from an OpenFeature context (string attributes only). */
export function flagContextOf(context: EvaluationContext): FlagContext {
  const text = (name: string) => (typeof context[name] === 'string' && context[name] !== '' ? (context[name] as string) : undefined);
  const out: FlagContext = {};
  for (const name of ['deviceId', 'userId', 'market', 'lang', 'role', 'platform'] as const) {
    const v = text(name);
    if (v !== undefined) out[name] = v;
  }
  return out;
}
