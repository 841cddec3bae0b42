import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { parse, type FormattedExecutionResult } from 'graphql';
import { firstValueFrom, Observable, of, throwError } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createConnectionStatus } from './connection-status';
import { EmptyResponseError, REQUEST_ID_EXTENSION } from './errors';
import { createNetworkRetryLink, createResponseLink, createThrottleLink } from './links';

const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
const query = parse('query Home { shop { name } }');
const mutation = parse('mutation Logout { logout { userErrors { message } } }');

/** A terminating link that answers each request with the next of `answers`. */
function scripted(answers: (() => Observable<FormattedExecutionResult>)[]): {
  link: ApolloLink;
  calls: () => number;
} {
  let calls = 0;
  const link = new ApolloLink(() => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    return answer ? answer() : throwError(() => new Error('no answer'));
  });
  return { link, calls: () => calls };
}

function run(link: ApolloLink, document = query) {
  return firstValueFrom(ApolloLink.execute(link, { query: document }, { client }));
}

describe('throttle link', () => {
  it('waits the retryAfter the server names, tells the person, and tries again', async () => {
    const onWait = vi.fn();
    const server = scripted([
      () => of({ errors: [{ message: 'Slow down', extensions: { code: 'THROTTLED', retryAfter: 0.01 } }] }),
      () => of({ data: { shop: { name: 'Northwind' } } }),
    ]);
    const result = await run(ApolloLink.from([createThrottleLink(onWait), server.link]));
    expect(result).toEqual({ data: { shop: { name: 'Northwind' } } });
    expect(server.calls()).toBe(2);
    expect(onWait).toHaveBeenCalledWith('Too many requests; retrying in 1 s.');
  });

  it('lets other errors through untouched', async () => {
    const server = scripted([() => of({ errors: [{ message: 'Nope', extensions: { code: 'FORBIDDEN' } }] })]);
    const result = await run(ApolloLink.from([createThrottleLink(vi.fn()), server.link]));
    expect(result).toMatchObject({ errors: [{ message: 'Nope' }] });
    expect(server.calls()).toBe(1);
  });
});

describe('network retry link', () => {
  const offline = () => throwError(() => new TypeError('Failed to fetch'));

  it('retries queries while the server cannot be reached', async () => {
    const server = scripted([offline, offline, () => of({ data: { shop: { name: 'Northwind' } } })]);
    const result = await run(ApolloLink.from([createNetworkRetryLink(5), server.link]));
    expect(result).toEqual({ data: { shop: { name: 'Northwind' } } });
    expect(server.calls()).toBe(3);
  }, 20_000);

  it('never repeats a mutation', async () => {
    const server = scripted([offline, () => of({ data: { logout: { userErrors: [] } } })]);
    await expect(
      run(ApolloLink.from([createNetworkRetryLink(5), server.link]), mutation),
    ).rejects.toBeInstanceOf(TypeError);
    expect(server.calls()).toBe(1);
  });

  it('says it is retrying from the first failed attempt until the server answers', async () => {
    const status = createConnectionStatus();
    const seen: boolean[] = [];
    status.subscribe(() => seen.push(status.isRetrying()));
    const atSecondAttempt: boolean[] = [];
    const server = scripted([
      offline,
      () => {
        atSecondAttempt.push(status.isRetrying());
        return of({ data: { shop: { name: 'Northwind' } } });
      },
    ]);
    await run(ApolloLink.from([createNetworkRetryLink(4, status), server.link]));
    // Said before the wait for the next attempt, not once the retries are over.
    expect(atSecondAttempt).toEqual([true]);
    expect(seen).toEqual([true, false]);
    expect(status.isRetrying()).toBe(false);
  }, 20_000);

  it('gives up after its attempts, within a few seconds, and stops saying it is retrying', async () => {
    const status = createConnectionStatus();
    const server = scripted([offline]);
    const started = Date.now();
    await expect(
      run(ApolloLink.from([createNetworkRetryLink(undefined, status), server.link])),
    ).rejects.toBeInstanceOf(TypeError);
    expect(server.calls()).toBe(4);
    // Waits of at most 0.6 + 1.2 + 2.4 s: the screen offers Retry soon, not after 15 s.
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(status.isRetrying()).toBe(false);
  }, 20_000);

  it('never says it is retrying a mutation', async () => {
    const status = createConnectionStatus();
    const seen: boolean[] = [];
    status.subscribe(() => seen.push(status.isRetrying()));
    const server = scripted([offline]);
    await expect(
      run(ApolloLink.from([createNetworkRetryLink(4, status), server.link]), mutation),
    ).rejects.toBeInstanceOf(TypeError);
    expect(seen).toEqual([]);
  });
});

describe('response link', () => {
  it('refuses a response with neither data nor errors', async () => {
    const server = scripted([() => of({ data: null })]);
    await expect(run(ApolloLink.from([createResponseLink(), server.link]))).rejects.toBeInstanceOf(
      EmptyResponseError,
    );
  });

  it('adds the x-request-id header to results with errors', async () => {
    const withResponse = new ApolloLink((operation) => {
      operation.setContext({ response: new Response('', { headers: { 'x-request-id': 'req-42' } }) });
      return of({ data: null, errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    });
    const result = await run(ApolloLink.from([createResponseLink(), withResponse]));
    expect(result.extensions?.[REQUEST_ID_EXTENSION]).toBe('req-42');
  });
});
