import type { FlagReason } from '@tm/contracts';
import { bucketRanges, chooseVariant, hashPosition } from './hashing.ts';
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
  const rules = flag.rules ?? [];
  const variants = flag.variants ?? [];
  if (rules.length === 0 && variants.length === 0) return { value: flag.defaultValue, reason: 'STATIC' };
  const id = flag.hashAttribute === 'userId' ? ctx.userId : ctx.deviceId;
  const position = id ? (hashPosition(flag.seed ?? flag._id, id) ?? undefined) : undefined;
  if (rules.length === 0) return split(flag, position, 1) ?? { value: flag.defaultValue, reason: 'DEFAULT' };
  for (const rule of rules) {
    if (!matches(rule.when, ctx)) continue;
    const coverage = rule.percentage === undefined ? 1 : rule.percentage / 100;
    if (rule.value === undefined && rule.variant === undefined) {
      const answer = split(flag, position, coverage);
      if (answer) return answer;
      continue;
    }
    if (coverage < 1 && (position === undefined || position >= coverage)) continue;
    if (rule.variant !== undefined) {
      const v = variants.find((x) => x.key === rule.variant);
      if (v) return { value: v.value, variant: v.key, reason: 'TARGETING_MATCH' };
      continue;
    }
    return { value: rule.value, reason: 'TARGETING_MATCH' };
  }
  return { value: flag.defaultValue, reason: 'DEFAULT' };
}

/** The variant at `position` among the flag's weighted ranges shortened to `coverage`; undefined outside them or without a position. */
function split(flag: FlagDoc, position: number | undefined, coverage: number): Evaluation | undefined {
  const variants = flag.variants ?? [];
  if (position === undefined || variants.length === 0) return undefined;
  const index = chooseVariant(
    position,
    bucketRanges(
      variants.length,
      coverage,
      variants.map((v) => v.weight),
    ),
  );
  const v = variants[index];
  return v ? { value: v.value, variant: v.key, reason: 'SPLIT' } : undefined;
}

/** Every attribute the condition names must be one of its values (case-insensitive); a missing attribute never matches. */
function matches(when: Partial<Record<ConditionKey, string | readonly string[]>>, ctx: FlagContext): boolean {
  for (const key of CONDITION_KEYS) {
    const wanted = when[key];
    if (wanted === undefined) continue;
    const got = ctx[key]?.toLowerCase();
    if (got === undefined) return false;
    const list = typeof wanted === 'string' ? [wanted] : wanted;
    if (!list.some((w) => w.toLowerCase() === got)) return false;
  }
  return true;
}
