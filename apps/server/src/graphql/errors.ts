import { GraphQLError } from 'graphql';
import { forbiddenMessage, MESSAGES, type Permission } from '@stockroom/domain';

/** What a request with an `Authorization: Bearer` header no live token matches is told (HTTP 401). */
export const INVALID_API_TOKEN_MESSAGE =
  'The API token in the Authorization: Bearer header is invalid, expired or revoked. Send a current token, or create a new one in Settings → API tokens.';

/** Top-level errors of SPEC §8. Anything else thrown is masked with the request id. */
export function unauthenticated(): GraphQLError {
  return new GraphQLError(MESSAGES.sessionEnded, { extensions: { code: 'UNAUTHENTICATED' } });
}

/**
 * An `Authorization: Bearer` token that is malformed, unknown, expired or revoked: HTTP 401 with
 * words about the token (an integration has no session to end).
 */
export function invalidApiToken(): GraphQLError {
  return new GraphQLError(INVALID_API_TOKEN_MESSAGE, {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
  });
}

export function forbidden(permission: Permission): GraphQLError {
  return new GraphQLError(forbiddenMessage(permission), { extensions: { code: 'FORBIDDEN', permission } });
}

export function forbiddenOwnerOnly(action: string): GraphQLError {
  return new GraphQLError(`Only the store owner can ${action}.`, { extensions: { code: 'FORBIDDEN' } });
}

export function notFound(thing: string): GraphQLError {
  return new GraphQLError(`This ${thing} doesn't exist or was deleted.`, {
    extensions: { code: 'NOT_FOUND' },
  });
}

export function throttled(retryAfterSeconds: number): GraphQLError {
  return new GraphQLError(MESSAGES.throttled(retryAfterSeconds), {
    extensions: {
      code: 'THROTTLED',
      retryAfter: retryAfterSeconds,
      http: { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } },
    },
  });
}

export function queryTooComplex(detail: string): GraphQLError {
  return new GraphQLError(MESSAGES.queryTooComplex, { extensions: { code: 'QUERY_TOO_COMPLEX', detail } });
}

/** Seconds a client is told to wait before trying again while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER = 5;

/**
 * The database can't be reached (down, restarting, the connection cut): not the caller's fault and
 * not a bug, so HTTP 503 and words that say to try again, with the reference to find it in the log.
 */
export function databaseUnavailable(requestId: string, path?: readonly (string | number)[]): GraphQLError {
  return new GraphQLError(
    `The store's database can't be reached right now; try again in a moment. Reference: ${requestId}`,
    {
      path,
      extensions: {
        code: 'SERVICE_UNAVAILABLE',
        requestId,
        http: { status: 503, headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER) } },
      },
    },
  );
}
