import type { ErrorStatusTable } from './common.ts';

/** The talent service's own error codes and their statuses (the common codes come on top). */
export const TALENT_ERROR_STATUS = {
  PROFILE_NOT_FOUND: 404,
  // GET /talent (talent search): one code per bad parameter.
  INVALID_PAGE: 400,
  INVALID_LIMIT: 400,
  INVALID_SEARCH: 400,
  INVALID_ROLE: 400,
  INVALID_SKILLS: 400,
  INVALID_INDUSTRY: 400,
  INVALID_AVAILABLE: 400,
} as const satisfies ErrorStatusTable;

export type TalentErrorCode = keyof typeof TALENT_ERROR_STATUS;
