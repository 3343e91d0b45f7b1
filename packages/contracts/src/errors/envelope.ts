import { t } from 'elysia';
import type { ErrorStatusTable } from './common.ts';
import { codesOf } from './registry.ts';

/**
 * The error envelope of one process's answers, for its OpenAPI responses: `error.code` lists
 * that process's codes (its table and the common ones), generated from the table so the
 * description cannot drift from what is answered. The enum documents; it does not validate.
 */
export function errorEnvelopeSchema(table: ErrorStatusTable) {
  return t.Object(
    {
      success: t.Literal(false),
      error: t.Object(
        {
          code: t.String({ enum: codesOf(table), description: 'Stable machine-readable code (public API: codes are added, never renamed)' }),
          message: t.String({ description: 'Human-readable, safe to show to any caller' }),
        },
        { title: 'Error' },
      ),
    },
    { title: 'ErrorEnvelope' },
  );
}
