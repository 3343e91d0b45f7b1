import { parse } from '@formatjs/icu-messageformat-parser';

/**
 * Why a string is not ICU MessageFormat, or undefined when it is: parsed by FormatJS's parser
 * (the one intl-messageformat uses), never by hand. Tags (`<b>…</b>`) are accepted as rich text.
 */
export function icuProblem(message: string): string | undefined {
  try {
    parse(message, { requiresOtherClause: true });
    return undefined;
  } catch (err) {
    const e = err as { message?: string; location?: { start?: { offset?: number } } };
    const at = e.location?.start?.offset;
    return `${e.message ?? 'not ICU MessageFormat'}${at === undefined ? '' : ` at offset ${at}`}`;
  }
}
