import type { FlagReason } from '@tm/contracts';
import { type BucketRange, bucketRanges, chooseVariant, seededPosition } from './hashing.ts';
import type { FlagDoc } from './model.ts';

/** What a flag is evaluated against; userId and role come from the bearer token only. */
export interface FlagContext {
  deviceId?: string;
  userId?: string;
  market?: string;
  lang?: string;
  role?: string;
  platform?: string;
}

/** One flag's answer for one context. */
export interface Evaluation {
  value: unknown;
  variant?: string;
  reason: FlagReason;
}

/**
 * A flag's answer, made once per loaded flag: the evaluation, and its OFREP result as JSON
 * (`{key, value, reason, variant?}`), so a bulk answer joins ready-made parts instead of encoding
 * the same results on every request. Shared: never changed by a caller.
 */
export interface FlagAnswer {
  evaluation: Evaluation;
  json: string;
}

const CONDITION_KEYS = ['market', 'lang', 'role', 'platform'] as const;
type ConditionKey = (typeof CONDITION_KEYS)[number];

/**
 * A context made ready once per request (not once per flag): the hash ids, and the condition
 * attributes in lower case, in CONDITION_KEYS order (a missing one is '' and matches nothing).
 */
export interface PreparedContext {
  deviceId: string | undefined;
  userId: string | undefined;
  lowered: readonly string[];
}

export function prepareContext(ctx: FlagContext): PreparedContext {
  return { deviceId: ctx.deviceId, userId: ctx.userId, lowered: CONDITION_KEYS.map((k) => ctx[k]?.toLowerCase() ?? '') };
}

/** A rule made ready once per loaded flag: its conditions as lower-case sets by attribute (CONDITION_KEYS order), its share as a fraction. */
interface CompiledRule {
  attributes: number[];
  wanted: ReadonlySet<string>[];
  coverage: number;
  /** A fixed answer (a value or a variant's), or undefined for a split. */
  fixed?: FlagAnswer;
  ranges?: BucketRange[];
}
export interface CompiledFlag {
  enabled: boolean;
  /** Bucketing by the signed-in userId (else by deviceId). */
  byUserId: boolean;
  rules: CompiledRule[];
  splitAll?: BucketRange[];
  /** Each variant's SPLIT answer, by index. */
  splits: FlagAnswer[];
  disabled: FlagAnswer;
  fallback: FlagAnswer;
  /** The id's bucket position for this flag's seed (GrowthBook hash v2). */
  position: (id: string) => number;
}

// Flags are replaced, never changed, when reloaded: a compiled form per flag object lives as long as it.
const compiled = new WeakMap<FlagDoc, CompiledFlag>();

/**
 * The flag's answer, in this order (docs/flags.md):
 * - disabled: its default value, DISABLED;
 * - no rules and no variants: its default value, STATIC;
 * - variants and no rules: a split of every id by the weights, SPLIT;
 * - else the first rule whose `when` matches and that applies: a rule with a value or variant
 *   gives it (TARGETING_MATCH) to `percentage` of the matching ids (all without one); a rule with
 *   neither splits `percentage` of them by the weights (SPLIT);
 * - nothing applies: the default value, DEFAULT.
 * Bucketing needs the hash attribute (deviceId, or the signed-in userId): a rule that needs it
 * is passed over without it, so such an id gets the default (DEFAULT).
 */
export function evaluateFlag(flag: FlagDoc, ctx: FlagContext): Evaluation {
  return answerFlag(flag, prepareContext(ctx)).evaluation;
}

/** evaluateFlag's answer with its OFREP JSON, for a context prepared once for many flags. */
export function answerFlag(flag: FlagDoc, ctx: PreparedContext): FlagAnswer {
  return answerCompiled(compileFlag(flag), ctx);
}

/** answerFlag for a flag compiled already (the bulk path compiles a loaded set's flags once). */
export function answerCompiled(c: CompiledFlag, ctx: PreparedContext): FlagAnswer {
  if (!c.enabled) return c.disabled;
  if (c.rules.length === 0 && c.splits.length === 0) return c.fallback;
  const id = c.byUserId ? ctx.userId : ctx.deviceId;
  // Hashed at most once per evaluation, and only when a rule needs it; -1 without an id.
  let position = Number.NaN;
  if (c.splitAll) return split(c, id ? c.position(id) : -1, c.splitAll) ?? c.fallback;
  const rules = c.rules;
  nextRule: for (let r = 0; r < rules.length; r++) {
    const rule = rules[r] as CompiledRule;
    for (let i = 0; i < rule.attributes.length; i++) {
      if (!(rule.wanted[i] as ReadonlySet<string>).has(ctx.lowered[rule.attributes[i] as number] as string)) continue nextRule;
    }
    if (rule.ranges || rule.coverage < 1) {
      if (Number.isNaN(position)) position = id ? c.position(id) : -1;
      if (rule.ranges) {
        const answer = split(c, position, rule.ranges);
        if (answer) return answer;
        continue;
      }
      if (position < 0 || position >= rule.coverage) continue;
    }
    if (rule.fixed) return rule.fixed;
  }
  return c.fallback;
}

/** The flag made ready for evaluation, once per flag object (kept as long as it). */
export function compileFlag(flag: FlagDoc): CompiledFlag {
  let c = compiled.get(flag);
  if (c) return c;
  const variants = flag.variants ?? [];
  const weights = variants.map((v) => v.weight);
  const answer = (value: unknown, reason: FlagReason, variant?: string): FlagAnswer => {
    const evaluation: Evaluation = { value, reason, ...(variant === undefined ? {} : { variant }) };
    // The field order of OFREP's result (key, value, reason, variant) is the order the bytes, and so the ETags, have always had.
    return { evaluation, json: JSON.stringify({ key: flag._id, value, reason, ...(variant === undefined ? {} : { variant }) }) };
  };
  const rules = (flag.rules ?? []).map((rule): CompiledRule => {
    const when = rule.when as Partial<Record<ConditionKey, string | readonly string[]>>;
    const attributes = CONDITION_KEYS.flatMap((k, i) => (when[k] === undefined ? [] : [i]));
    const conditions = {
      attributes,
      wanted: attributes.map((i) => {
        const wanted = when[CONDITION_KEYS[i] as ConditionKey] as string | readonly string[];
        // '' is no attribute's value (the context's text() drops empty ones), so a missing attribute matches nothing.
        return new Set((typeof wanted === 'string' ? [wanted] : wanted).map((w) => w.toLowerCase()).filter((w) => w !== ''));
      }),
    };
    const coverage = rule.percentage === undefined ? 1 : rule.percentage / 100;
    if (rule.value === undefined && rule.variant === undefined) return { ...conditions, coverage, ranges: bucketRanges(variants.length, coverage, weights) };
    const v = rule.variant === undefined ? undefined : variants.find((x) => x.key === rule.variant);
    const fixed = rule.variant === undefined ? answer(rule.value, 'TARGETING_MATCH') : v ? answer(v.value, 'TARGETING_MATCH', v.key) : undefined;
    return { ...conditions, coverage, ...(fixed ? { fixed } : {}) };
  });
  c = {
    enabled: flag.enabled,
    byUserId: flag.hashAttribute === 'userId',
    rules,
    ...(rules.length === 0 && variants.length > 0 ? { splitAll: bucketRanges(variants.length, 1, weights) } : {}),
    splits: variants.map((v) => answer(v.value, 'SPLIT', v.key)),
    disabled: answer(flag.defaultValue, 'DISABLED'),
    fallback: answer(flag.defaultValue, rules.length === 0 && variants.length === 0 ? 'STATIC' : 'DEFAULT'),
    position: seededPosition(flag.seed ?? flag._id),
  };
  compiled.set(flag, c);
  return c;
}

/** The variant's answer at `position` among the ranges; undefined outside them (coverage) or without a position (-1). */
function split(c: CompiledFlag, position: number, ranges: readonly BucketRange[]): FlagAnswer | undefined {
  if (position < 0) return undefined;
  return c.splits[chooseVariant(position, ranges)];
}
