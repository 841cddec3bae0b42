import { ApolloLink, CombinedGraphQLErrors, HttpLink } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { RetryLink } from '@apollo/client/link/retry';
import { OperationTypeNode } from 'graphql';
import { defer, finalize, map, mergeMap, of, retry, tap, throwError, timer } from 'rxjs';
import { connectionStatus, type ConnectionStatus } from './connection-status';
import { describeError, EmptyResponseError, REQUEST_ID_EXTENSION } from './errors';
import { CSRF_HEADER } from '@stockroom/domain/http';
import { fetchWithEarlyAnswers } from './early-requests';

export function createHttpLink(uri = '/graphql'): ApolloLink {
  // fetchWithEarlyAnswers: the first screen's requests that src/early.ts already sent are not sent twice.
  return new HttpLink({
    uri,
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: '1' },
    fetch: fetchWithEarlyAnswers,
  });
}

/**
 * Puts the x-request-id response header into the result's extensions when the response carries errors
 * (so error screens can show it), and refuses results that have neither data nor errors.
 */
export function createResponseLink(): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        if (!('data' in result) && !('errors' in result)) return result;
        const hasErrors = Array.isArray(result.errors) && result.errors.length > 0;
        if (!hasErrors && (result.data === null || result.data === undefined)) throw new EmptyResponseError();
        if (!hasErrors) return result;
        // HttpLink puts the fetch Response into the operation's context.
        const response: unknown = operation.getContext()['response'];
        const requestId = response instanceof Response ? response.headers.get('x-request-id') : null;
        if (!requestId) return result;
        return { ...result, extensions: { ...result.extensions, [REQUEST_ID_EXTENSION]: requestId } };
      }),
    ),
  );
}

/**
 * Network failures of queries are retried with exponential backoff and jitter (SPEC §8). Mutations
 * are not: the request may have reached the server, and repeating it is the person's decision.
 * Three retries (waits of at most 0.6, 1.2 and 2.4 s) then the error, so a screen offers Retry within
 * a few seconds; `status` hears of the first failure at once, so the screen can say "Retrying…" while
 * they run, and of the operation's end (answered or given up).
 */
export function createNetworkRetryLink(
  maxAttempts = 4,
  status: Pick<ConnectionStatus, 'retrying' | 'done'> = connectionStatus,
): ApolloLink {
  const retryLink = new RetryLink({
    delay: { initial: 300, max: 4_000, jitter: true },
    attempts: {
      max: maxAttempts,
      retryIf: (error, operation) => {
        const retry =
          operation.operationType === OperationTypeNode.QUERY && describeError(error).kind === 'network';
        if (retry) status.retrying(operation);
        return retry;
      },
    },
  });
  const reporter = new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      // An answer means the server is reachable again, even when the operation goes on (@defer).
      tap(() => status.done(operation)),
      finalize(() => status.done(operation)),
    ),
  );
  return ApolloLink.from([reporter, retryLink]);
}

/**
 * THROTTLED (HTTP 429, extensions.retryAfter): the server refused before executing anything, so any
 * operation may wait the time it names and try again. `onWait` tells the person (SPEC §8).
 */
export function createThrottleLink(onWait: (message: string) => void, maxAttempts = 5): ApolloLink {
  return new ApolloLink((operation, forward) =>
    // `defer`: each attempt asks the rest of the chain again, rather than replaying the first answer.
    defer(() => forward(operation)).pipe(
      mergeMap((result) => {
        const errors = 'errors' in result ? result.errors : undefined;
        if (errors?.some((e) => e.extensions?.['code'] === 'THROTTLED')) {
          return throwError(() => new CombinedGraphQLErrors(result, errors));
        }
        return of(result);
      }),
      retry({
        count: maxAttempts - 1,
        delay: (error: unknown) => {
          const described = describeError(error);
          if (described.kind !== 'throttled') return throwError(() => error);
          onWait(described.message);
          return timer((described.retryAfter ?? 1) * 1000);
        },
      }),
    ),
  );
}

/** Calls `onUnauthenticated` when the server says the session is gone (SPEC §8: redirect to sign in). */
export function createSessionLink(onUnauthenticated: () => void): ApolloLink {
  return new ErrorLink(({ error }) => {
    if (describeError(error).kind === 'unauthenticated') onUnauthenticated();
  });
}
