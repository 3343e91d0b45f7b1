import { type Client, type EvaluationDetails, type FlagValue, type JsonValue, OpenFeature } from '@openfeature/server-sdk';
import type { OfrepEvaluation } from '@tm/contracts';
import type { FlagContext } from './evaluate.ts';
import type { FlagDoc } from './model.ts';
import { GrowthFlagProvider } from './provider.ts';
import type { FlagSnapshot } from './snapshot.ts';

let domains = 0;

/**
 * Flag evaluation with growth's OpenFeature provider. A single flag goes through the OpenFeature
 * server SDK's client (hooks, reasons, error codes as OpenFeature defines them); a bulk answer
 * asks the same provider directly for each flag: the SDK client costs about 15 us per flag
 * (context merging, hook and event plumbing, a promise chain), ten times the evaluation itself,
 * which for 50 flags on every page view was most of the request (docs/flags.md). Both paths run
 * the one evaluateFlag. Each evaluator has its own OpenFeature domain, so several apps in one
 * process (tests) never share a provider.
 */
export function createFlagEvaluator(snapshot: FlagSnapshot) {
  const domain = `growth-flags-${++domains}`;
  const provider = new GrowthFlagProvider(() => snapshot.loaded());
  OpenFeature.setProvider(domain, provider);
  const client = OpenFeature.getClient(domain);

  async function evaluate(flag: FlagDoc, context: FlagContext): Promise<OfrepEvaluation> {
    const details = await detailsOf(client, flag, { ...context });
    if (details.errorCode !== undefined) throw new Error(`flag ${flag._id}: ${details.errorCode} ${details.errorMessage ?? ''}`);
    return {
      key: flag._id,
      value: details.value as OfrepEvaluation['value'],
      reason: details.reason as OfrepEvaluation['reason'],
      ...(details.variant === undefined ? {} : { variant: details.variant }),
    };
  }

  return {
    /** Every enabled flag for this context, by key (disabled flags are left out of a bulk answer). */
    async evaluateAll(context: FlagContext): Promise<OfrepEvaluation[]> {
      const flags = await snapshot.current();
      const out: OfrepEvaluation[] = [];
      for (const flag of flags.values()) if (flag.enabled) out.push(provider.evaluate(flag, context));
      return out;
    },
    /** One flag for this context (disabled ones too, reason DISABLED); undefined when no flag has the key. */
    async evaluateOne(key: string, context: FlagContext): Promise<OfrepEvaluation | undefined> {
      const flag = (await snapshot.current()).get(key);
      return flag === undefined ? undefined : evaluate(flag, context);
    },
  };
}

export type FlagEvaluator = ReturnType<typeof createFlagEvaluator>;

function detailsOf(client: Client, flag: FlagDoc, context: Record<string, string>): Promise<EvaluationDetails<FlagValue>> {
  switch (flag.type) {
    case 'boolean':
      return client.getBooleanDetails(flag._id, flag.defaultValue as boolean, context);
    case 'string':
      return client.getStringDetails(flag._id, flag.defaultValue as string, context);
    case 'number':
      return client.getNumberDetails(flag._id, flag.defaultValue as number, context);
    default:
      return client.getObjectDetails(flag._id, flag.defaultValue as JsonValue, context);
  }
}
