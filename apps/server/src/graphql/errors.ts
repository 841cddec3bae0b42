import { GraphQLError } from 'graphql';
import { forbiddenMessage, MESSAGES, type Permission, type UserError } from '@stockroom/domain';

/** Top-level errors of SPEC §8. Anything else thrown is masked with the request id. */
export function unauthenticated(): GraphQLError {
  return new GraphQLError(MESSAGES.sessionEnded, { extensions: { code: 'UNAUTHENTICATED' } });
}

export function forbidden(permission: Permission): GraphQLError {
  return new GraphQLError(forbiddenMessage(permission), { extensions: { code: 'FORBIDDEN', permission } });
}

export function forbiddenOwnerOnly(action: string): GraphQLError {
  return new GraphQLError(`Only the store owner can ${action}.`, { extensions: { code: 'FORBIDDEN' } });
}

export function notFound(thing: string): GraphQLError {
  return new GraphQLError(`This ${thing} doesn't exist or was deleted.`, { extensions: { code: 'NOT_FOUND' } });
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

/**
 * Thrown inside a service's transaction to roll it back and answer with userErrors. Resolvers turn
 * it into the payload's `userErrors` (see `payload()` in builder.ts).
 */
export class UserErrors extends Error {
  constructor(public readonly errors: UserError[]) {
    super(errors.map((e) => e.message).join(' '));
  }
  static one(code: UserError['code'], message: string, field: string[] | null = null): UserErrors {
    return new UserErrors([{ code, message, field }]);
  }
}
