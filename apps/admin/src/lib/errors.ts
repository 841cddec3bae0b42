import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { MESSAGES } from '@stockroom/domain/messages';
import type { GraphQLFormattedError } from 'graphql';

/** What went wrong, in the words of SPEC §8, plus what the UI needs to act on it. */
export interface ErrorDescription {
  kind:
    | 'http'
    | 'empty'
    | 'network'
    | 'unauthenticated'
    | 'forbidden'
    | 'not-found'
    | 'throttled'
    | 'too-complex'
    | 'internal'
    | 'unknown';
  /** The sentence to show. */
  message: string;
  /** A second sentence to show under the first, e.g. for HTTP 5xx. */
  hint: string | null;
  /** The server's request id (extensions.requestId or the x-request-id header), when it gave one. */
  requestId: string | null;
  /** Seconds to wait before the request may be retried (THROTTLED). */
  retryAfter: number | null;
}

/**
 * The words of SPEC §8. Those the server also uses come from `@stockroom/domain/messages`, a subpath
 * with no imports: the package's main entry would pull zod into the first download (+25 kB gzipped).
 */
export const TRANSPORT_MESSAGES = {
  http: (status: number) => `Response not successful: Received status code ${status}`,
  serverTrouble: 'The server is having trouble; try again.',
  empty: 'The server sent an empty response.',
  network: 'Cannot reach the server. Check your connection.',
  /** While queries are retried automatically (SPEC §8). */
  retrying: 'Cannot reach the server. Retrying…',
  unreadable: 'The server sent a response the app could not read. Try again.',
  sessionEnded: MESSAGES.sessionEnded,
  throttled: MESSAGES.throttled,
  tooComplex: MESSAGES.queryTooComplex,
  internal: MESSAGES.internal,
  unknown: 'Something went wrong. Try again.',
} as const;

/** Thrown by the response link when a response has neither data nor errors. */
export class EmptyResponseError extends Error {
  constructor() {
    super(TRANSPORT_MESSAGES.empty);
    this.name = 'EmptyResponseError';
  }
}

/** The key under which the response link stores the x-request-id header in a result's extensions. */
export const REQUEST_ID_EXTENSION = 'requestId';

function describe(
  kind: ErrorDescription['kind'],
  message: string,
  extra: Partial<Omit<ErrorDescription, 'kind' | 'message'>> = {},
): ErrorDescription {
  return { kind, message, hint: null, requestId: null, retryAfter: null, ...extra };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function secondsFrom(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.max(1, Math.ceil(n)) : null;
}

function errorCode(error: GraphQLFormattedError): string | null {
  return stringOrNull(error.extensions?.['code']);
}

/** Describes GraphQL errors (top-level `errors` of a response) by the first one with a known code. */
function describeGraphQLErrors(
  errors: readonly GraphQLFormattedError[],
  responseRequestId: string | null,
  retryAfterHeader: number | null,
): ErrorDescription {
  const first = errors.find((e) => errorCode(e) !== null) ?? errors[0];
  if (!first) return describe('empty', TRANSPORT_MESSAGES.empty);
  const requestId = stringOrNull(first.extensions?.['requestId']) ?? responseRequestId;
  const ids = { requestId };
  switch (errorCode(first)) {
    case 'UNAUTHENTICATED':
      return describe('unauthenticated', TRANSPORT_MESSAGES.sessionEnded, ids);
    case 'FORBIDDEN':
      return describe('forbidden', first.message, ids);
    case 'NOT_FOUND':
      return describe('not-found', first.message, ids);
    case 'THROTTLED': {
      const seconds = secondsFrom(first.extensions?.['retryAfter']) ?? retryAfterHeader ?? 1;
      return describe('throttled', TRANSPORT_MESSAGES.throttled(seconds), { ...ids, retryAfter: seconds });
    }
    case 'QUERY_TOO_COMPLEX':
      return describe('too-complex', TRANSPORT_MESSAGES.tooComplex, ids);
    case 'INTERNAL_SERVER_ERROR':
      return describe(
        'internal',
        requestId ? TRANSPORT_MESSAGES.internal(requestId) : first.message || TRANSPORT_MESSAGES.unknown,
        ids,
      );
    default:
      return describe('unknown', first.message || TRANSPORT_MESSAGES.unknown, ids);
  }
}

/** GraphQL errors inside the body of a non-2xx response, if it has any. */
function errorsInBody(bodyText: string): GraphQLFormattedError[] {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null && 'errors' in body && Array.isArray(body.errors)) {
      return body.errors as GraphQLFormattedError[];
    }
  } catch {
    // Not JSON: the status code is all there is to say.
  }
  return [];
}

function describeHttpStatus(response: Response, bodyText: string): ErrorDescription {
  const status = response.status;
  const requestId = stringOrNull(response.headers.get('x-request-id'));
  const retryAfter = secondsFrom(response.headers.get('retry-after'));
  if (status < 300) return describe('empty', TRANSPORT_MESSAGES.empty, { requestId });
  // Session and rate-limit answers keep their special handling even when sent with an HTTP error status.
  const special = describeGraphQLErrors(errorsInBody(bodyText), requestId, retryAfter);
  if (special.kind === 'unauthenticated' || special.kind === 'throttled') return special;
  if (status === 429) {
    const seconds = retryAfter ?? 1;
    return describe('throttled', TRANSPORT_MESSAGES.throttled(seconds), { requestId, retryAfter: seconds });
  }
  return describe('http', TRANSPORT_MESSAGES.http(status), {
    requestId,
    hint: status >= 500 ? TRANSPORT_MESSAGES.serverTrouble : null,
  });
}

function isNetworkFailure(error: unknown): boolean {
  // fetch() rejects with a TypeError when the server cannot be reached (offline, DNS, refused).
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError');
}

/**
 * The one place where errors of requests become what the person reads (SPEC §8). Used by DataView,
 * forms that run mutations, and the links that react to errors (session end, throttling).
 */
export function describeError(error: unknown): ErrorDescription {
  if (CombinedGraphQLErrors.is(error)) {
    const fromResponse = stringOrNull(error.extensions?.[REQUEST_ID_EXTENSION]);
    return describeGraphQLErrors(error.errors, fromResponse, null);
  }
  if (ServerError.is(error)) return describeHttpStatus(error.response, error.bodyText);
  if (ServerParseError.is(error)) {
    if (error.bodyText.trim() === '') return describe('empty', TRANSPORT_MESSAGES.empty);
    if (error.statusCode >= 300) return describeHttpStatus(error.response, error.bodyText);
    return describe('unknown', TRANSPORT_MESSAGES.unreadable);
  }
  if (error instanceof EmptyResponseError) return describe('empty', TRANSPORT_MESSAGES.empty);
  if (isNetworkFailure(error)) return describe('network', TRANSPORT_MESSAGES.network);
  return describe('unknown', TRANSPORT_MESSAGES.unknown);
}

/** True when the error is the server refusing for lack of a session. */
export function isUnauthenticated(error: unknown): boolean {
  return describeError(error).kind === 'unauthenticated';
}
