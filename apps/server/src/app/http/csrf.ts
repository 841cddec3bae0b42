/** The header every GraphQL request but a plain GET query must carry (SPEC §7.1); the admin sends it. */
export { CSRF_HEADER } from '@stockroom/domain';
