import type { ErrorStatusTable } from './common.ts';

/** The talent service's own error codes and their statuses (the common codes come on top). */
export const TALENT_ERROR_STATUS = {
  PROFILE_NOT_FOUND: 404,
} as const satisfies ErrorStatusTable;

export type TalentErrorCode = keyof typeof TALENT_ERROR_STATUS;
