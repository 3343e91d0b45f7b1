import { type Client, type EvaluationDetails, type FlagValue, type JsonValue, OpenFeature } from '@openfeature/server-sdk';
import type { OfrepEvaluation } from '@tm/contracts';
import { type BulkAnswer, createBulkAnswers } from './bulk-answers.ts';
import type { FlagContext } from './evaluate.ts';
import type { FlagDoc } from './model.ts';
import { GrowthFlagProvider } from './provider.ts';
import type { FlagSnapshot } from './snapshot.ts';

let domains = 0;

/**
 * Flag evaluation with growth's OpenFeature provider. A single flag goes through the OpenFeature
 * server SDK's client (hooks, reasons, error codes as OpenFeature defines them); a bulk answer
 * runs the provider's evaluation (answerFlag, which evaluateFlag is) for each flag without the
 * SDK client, which costs about 15 us per flag (context merging, hook and event plumbing, a
 * promise chain), ten times the evaluation itself, and keeps the answers per (loaded flags,
 * context) in a bounded LRU (bulk-answers.ts; docs/flags.md). Each evaluator has its own
 * OpenFeature domain, so several apps in one process (tests) never share a provider.
 */
export function createFlagEvaluator(snapshot: FlagSnapshot, options: { bulkAnswerBytes?: number } = {}) {
  const domain = `growth-flags-${++domains}`;
  const provider = new GrowthFlagProvider(() => snapshot.loaded());
  OpenFeature.setProvider(domain, provider);
  const client = OpenFeature.getClient(domain);
  const bulkAnswers = createBulkAnswers(options.bulkAnswerBytes);

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
    /** OFREP's bulk answer (every enabled flag for this context, by key) with its ETag. */
    async bulk(context: FlagContext): Promise<BulkAnswer> {
      return bulkAnswers.answer(await snapshot.current(), context);
    },
    /** What the bulk answers hold now. */
    bulkAnswersKept: () => bulkAnswers.kept(),
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
