import type { FlagReason } from '@tm/contracts';
import { type BucketRange, bucketRanges, chooseVariant, hashPosition } from './hashing.ts';
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

const CONDITION_KEYS = ['market', 'lang', 'role', 'platform'] as const;
type ConditionKey = (typeof CONDITION_KEYS)[number];
type Variant = NonNullable<FlagDoc['variants']>[number];

/** A rule made ready once per loaded flag: its conditions as lower-case sets, its share as a fraction. */
interface CompiledRule {
  conditions: [ConditionKey, ReadonlySet<string>][];
  coverage: number;
  /** A fixed answer (a value or a variant's), or undefined for a split. */
  fixed?: Evaluation;
  ranges?: BucketRange[];
}
interface CompiledFlag {
  rules: CompiledRule[];
  splitAll?: BucketRange[];
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
  if (!flag.enabled) return { value: flag.defaultValue, reason: 'DISABLED' };
  const variants = flag.variants ?? [];
  const c = compile(flag);
  if (c.rules.length === 0 && variants.length === 0) return { value: flag.defaultValue, reason: 'STATIC' };
  const id = flag.hashAttribute === 'userId' ? ctx.userId : ctx.deviceId;
  let position: number | undefined | null = null;
  // Hashed at most once per evaluation, and only when a rule needs it.
  const positionOf = () => {
    if (position === null) position = id ? (hashPosition(flag.seed ?? flag._id, id) ?? undefined) : undefined;
    return position;
  };
  if (c.splitAll) return split(variants, positionOf(), c.splitAll) ?? { value: flag.defaultValue, reason: 'DEFAULT' };
  const lowered = lowerContext(ctx);
  for (const rule of c.rules) {
    if (!rule.conditions.every(([key, wanted]) => wanted.has(lowered[key] as string))) continue;
    if (rule.ranges) {
      const answer = split(variants, positionOf(), rule.ranges);
      if (answer) return answer;
      continue;
    }
    if (rule.coverage < 1) {
      const p = positionOf();
      if (p === undefined || p >= rule.coverage) continue;
    }
    if (rule.fixed) return rule.fixed;
  }
  return { value: flag.defaultValue, reason: 'DEFAULT' };
}

function compile(flag: FlagDoc): CompiledFlag {
  let c = compiled.get(flag);
  if (c) return c;
  const variants = flag.variants ?? [];
  const weights = variants.map((v) => v.weight);
  const rules = (flag.rules ?? []).map((rule): CompiledRule => {
    const when = rule.when as Partial<Record<ConditionKey, string | readonly string[]>>;
    const conditions = CONDITION_KEYS.filter((k) => when[k] !== undefined).map((k): [ConditionKey, ReadonlySet<string>] => {
      const wanted = when[k] as string | readonly string[];
      return [k, new Set((typeof wanted === 'string' ? [wanted] : wanted).map((w) => w.toLowerCase()))];
    });
    const coverage = rule.percentage === undefined ? 1 : rule.percentage / 100;
    if (rule.value === undefined && rule.variant === undefined) return { conditions, coverage, ranges: bucketRanges(variants.length, coverage, weights) };
    const v = rule.variant === undefined ? undefined : variants.find((x) => x.key === rule.variant);
    const fixed: Evaluation | undefined =
      rule.variant === undefined
        ? { value: rule.value, reason: 'TARGETING_MATCH' }
        : v
          ? { value: v.value, variant: v.key, reason: 'TARGETING_MATCH' }
          : undefined;
    return { conditions, coverage, ...(fixed ? { fixed } : {}) };
  });
  c = { rules, ...(rules.length === 0 && variants.length > 0 ? { splitAll: bucketRanges(variants.length, 1, weights) } : {}) };
  compiled.set(flag, c);
  return c;
}

/** The variant at `position` among the ranges; undefined outside them (coverage) or without a position. */
function split(variants: readonly Variant[], position: number | undefined, ranges: readonly BucketRange[]): Evaluation | undefined {
  if (position === undefined || variants.length === 0) return undefined;
  const v = variants[chooseVariant(position, ranges)];
  return v ? { value: v.value, variant: v.key, reason: 'SPLIT' } : undefined;
}

/** The condition attributes in lower case (a missing one stays undefined and matches nothing). */
function lowerContext(ctx: FlagContext): Partial<Record<ConditionKey, string>> {
  return { market: ctx.market?.toLowerCase(), lang: ctx.lang?.toLowerCase(), role: ctx.role?.toLowerCase(), platform: ctx.platform?.toLowerCase() };
}
