import { etagOf } from '@tm/shared/http';
import { answerCompiled, type CompiledFlag, compileFlag, type FlagContext, prepareContext } from './evaluate.ts';
import type { FlagDoc } from './model.ts';

/** OFREP's bulk answer for one context: the body's bytes and their strong ETag. */
export interface BulkAnswer {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** The bytes of answers kept (about 3 KB each for 50 flags, so some 2,500 contexts): repeat asks hit, a crowd of new devices cannot grow memory. */
export const BULK_ANSWER_BYTES = 8 * 1024 * 1024;

const encoder = new TextEncoder();

/**
 * Bulk answers by (loaded flags, context), in a bounded LRU. The loaded flags' Map is the version:
 * the snapshot replaces it whenever the flags change (an admin write here at once, another
 * replica's within FLAGS_REFRESH_MS) and keeps it while they do not, so an answer made from other
 * flags is never given: all answers are dropped when another Map comes. Making an answer is
 * synchronous, so parallel identical requests get identical bytes.
 */
export function createBulkAnswers(maxBytes = BULK_ANSWER_BYTES) {
  let forFlags: ReadonlyMap<string, FlagDoc> | undefined;
  /** The enabled ones of forFlags, compiled, by key. */
  let enabled: CompiledFlag[] = [];
  const answers = new Map<string, BulkAnswer>();
  let bytes = 0;
  const sizeOf = (key: string, answer: BulkAnswer) => key.length * 2 + answer.body.byteLength;
  return {
    /** Every enabled flag for this context, by key, as `{"flags":[...]}` (disabled flags are left out). */
    answer(flags: ReadonlyMap<string, FlagDoc>, context: FlagContext): BulkAnswer {
      if (flags !== forFlags) {
        answers.clear();
        bytes = 0;
        forFlags = flags;
        enabled = [...flags.values()].filter((f) => f.enabled).map(compileFlag);
      }
      const key = contextKey(context);
      const hit = answers.get(key);
      if (hit !== undefined) {
        // Refresh recency: the oldest unused answer goes first.
        answers.delete(key);
        answers.set(key, hit);
        return hit;
      }
      const made = build(enabled, context);
      answers.set(key, made);
      bytes += sizeOf(key, made);
      // The least recently used go first; the newest stays even when it alone is over the limit.
      for (const [oldKey, old] of answers) {
        if (bytes <= maxBytes || oldKey === key) break;
        answers.delete(oldKey);
        bytes -= sizeOf(oldKey, old);
      }
      return made;
    },
    /** How many answers, and how many bytes of them, are kept now. */
    kept: () => ({ answers: answers.size, bytes }),
  };
}

export type BulkAnswers = ReturnType<typeof createBulkAnswers>;

function build(flags: readonly CompiledFlag[], context: FlagContext): BulkAnswer {
  const prepared = prepareContext(context);
  let json = '{"flags":[';
  for (let i = 0; i < flags.length; i++)
    json += i === 0 ? answerCompiled(flags[i] as CompiledFlag, prepared).json : `,${answerCompiled(flags[i] as CompiledFlag, prepared).json}`;
  json += ']}';
  const body = encoder.encode(json);
  return { body, etag: etagOf(body) };
}

/** Every attribute evaluation reads, unambiguously (a JSON array: no value can pass for two). */
function contextKey(c: FlagContext): string {
  return JSON.stringify([c.deviceId, c.userId, c.market, c.lang, c.role, c.platform]);
}
