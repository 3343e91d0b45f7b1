import { type Client, type EvaluationDetails, type FlagValue, type JsonValue, OpenFeature } from '@openfeature/server-sdk';
import type { OfrepEvaluation } from '@tm/contracts';
import type { FlagContext } from './evaluate.ts';
import type { FlagDoc } from './model.ts';
import { GrowthFlagProvider } from './provider.ts';
import type { FlagSnapshot } from './snapshot.ts';

let domains = 0;

/**
 * Flag evaluation through the OpenFeature server SDK with growth's provider. Each evaluator has
 * its own OpenFeature domain, so several apps in one process (tests) never share a provider.
 */
export function createFlagEvaluator(snapshot: FlagSnapshot) {
  const domain = `growth-flags-${++domains}`;
  OpenFeature.setProvider(domain, new GrowthFlagProvider(() => snapshot.loaded()));
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
      const flags = [...(await snapshot.current()).values()].filter((f) => f.enabled);
      return Promise.all(flags.map((f) => evaluate(f, context)));
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
