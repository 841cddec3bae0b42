/**
 * What the admin's requests and the server agree on over HTTP. Its own module with no imports: the
 * admin's first script (`@stockroom/domain/http`) must stay a few hundred bytes.
 */

/** The header every GraphQL request but a plain GET query must carry (SPEC §7.1). */
export const CSRF_HEADER = 'x-stockroom-csrf';
