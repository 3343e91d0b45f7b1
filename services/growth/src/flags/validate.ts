import { FLAG_KEY_PATTERN, type FlagInput, FlagInputSchema } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { firstProblem } from '../http/checked-body.ts';

const KEY = new RegExp(FLAG_KEY_PATTERN);
/** An object flag's default value (or any value) above this many bytes of JSON is refused: every page view carries it. */
const MAX_VALUE_BYTES = 8 * 1024;

/** A flag key from a path: 400 INVALID_FLAG unless it is one OFREP clients can ask for. */
export function checkFlagKey(key: string): string {
  if (!KEY.test(key)) throw new DomainError('INVALID_FLAG', `key: must match ${FLAG_KEY_PATTERN} (lower case letters, digits, ".", "_" and "-")`);
  return key;
}

/**
 * The rules of a flag beyond its schema, each refused with 400 INVALID_FLAG naming the problem:
 * every value of the flag's type, variant keys unique and their weights summing to 1, a rule's
 * variant among the variants, a rule with neither value nor variant (a split) only with variants.
 */
export function checkFlagInput(input: unknown): FlagInput {
  const schemaProblem = firstProblem(FlagInputSchema, input);
  if (schemaProblem !== undefined) throw new DomainError('INVALID_FLAG', schemaProblem);
  const flag = input as FlagInput;
  const problem = ruleProblem(flag);
  if (problem !== undefined) throw new DomainError('INVALID_FLAG', problem);
  return flag;
}

function ruleProblem(flag: FlagInput): string | undefined {
  const typed = (value: unknown, where: string) => valueProblem(flag.type, value, where);
  const variants = flag.variants ?? [];
  const keys = new Set<string>();
  let problem = typed(flag.defaultValue, 'defaultValue');
  for (const [i, v] of variants.entries()) {
    problem ??= typed(v.value, `variants[${i}].value`);
    if (keys.has(v.key)) problem ??= `variants[${i}].key: "${v.key}" is used twice`;
    keys.add(v.key);
  }
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  if (variants.length > 0 && (total < 0.99 || total > 1.01)) problem ??= `variants: the weights sum to ${round(total)}, not 1`;
  for (const [i, rule] of (flag.rules ?? []).entries()) {
    if (rule.value !== undefined && rule.variant !== undefined) problem ??= `rules[${i}]: give a value or a variant, not both`;
    if (rule.value !== undefined) problem ??= typed(rule.value, `rules[${i}].value`);
    if (rule.variant !== undefined && !keys.has(rule.variant))
      problem ??= `rules[${i}].variant: "${rule.variant}" is not one of the variants (${[...keys].join(', ') || 'none'})`;
    if (rule.value === undefined && rule.variant === undefined && variants.length === 0)
      problem ??= `rules[${i}]: a rule with neither value nor variant splits by the variants, and the flag has none`;
  }
  return problem;
}

function valueProblem(type: FlagInput['type'], value: unknown, where: string): string | undefined {
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  const ok = type === 'object' ? isObject : type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === type;
  if (!ok) return `${where}: must be a${type === 'object' ? 'n object' : ` ${type}`}, as the flag's type says`;
  if (JSON.stringify(value).length > MAX_VALUE_BYTES) return `${where}: larger than ${MAX_VALUE_BYTES} bytes of JSON`;
  return undefined;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
