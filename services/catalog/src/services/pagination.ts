/** The list pagination Link header lives in @tm/shared, shared with talent's GET /talent. */
export { paginationLinks } from '@tm/shared';
