/** The header every GraphQL request but a plain GET query must carry (SPEC §7.1). */
export const CSRF_HEADER = 'x-stockroom-csrf';
