import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { MESSAGES as ServerMessages } from '@stockroom/domain';
import { MESSAGES } from '@stockroom/domain/messages';
import { describe, expect, it } from 'vitest';
import { describeError, EmptyResponseError, REQUEST_ID_EXTENSION, TRANSPORT_MESSAGES } from './errors';

function serverError(status: number, body = '', headers: Record<string, string> = {}): ServerError {
  const response = new Response(body, { status, headers });
  return new ServerError(`Response not successful: Received status code ${status}`, {
    response,
    bodyText: body,
  });
}

function graphQLErrors(code: string, message: string, extensions: Record<string, unknown> = {}) {
  return new CombinedGraphQLErrors({
    data: null,
    errors: [{ message, extensions: { code, ...extensions } }],
  });
}

describe('describeError (SPEC §8)', () => {
  it('words HTTP errors, adding the second sentence for 5xx', () => {
    const bad = describeError(serverError(502, '<h1>Bad gateway</h1>', { 'x-request-id': 'abc-12345678' }));
    expect(bad).toMatchObject({
      kind: 'http',
      message: 'Response not successful: Received status code 502',
      hint: 'The server is having trouble; try again.',
      requestId: 'abc-12345678',
    });
    expect(describeError(serverError(404, 'nope'))).toMatchObject({
      message: 'Response not successful: Received status code 404',
      hint: null,
    });
  });

  it('treats HTTP 429 as THROTTLED with the Retry-After seconds', () => {
    expect(describeError(serverError(429, 'slow down', { 'retry-after': '3' }))).toMatchObject({
      kind: 'throttled',
      message: 'Too many requests; retrying in 3 s.',
      retryAfter: 3,
    });
  });

  it('keeps UNAUTHENTICATED special even when it comes with an HTTP error status', () => {
    const body = JSON.stringify({ errors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] });
    expect(describeError(serverError(401, body)).kind).toBe('unauthenticated');
  });

  it('calls a response with neither data nor errors empty', () => {
    expect(describeError(new EmptyResponseError()).message).toBe('The server sent an empty response.');
    const malformed = new ServerError("Server response was malformed for query 'Home'.", {
      response: new Response('{}', { status: 200 }),
      bodyText: '{}',
    });
    expect(describeError(malformed).message).toBe('The server sent an empty response.');
    const blank = new ServerParseError(new SyntaxError('Unexpected end of JSON input'), {
      response: new Response('', { status: 200 }),
      bodyText: '',
    });
    expect(describeError(blank).message).toBe('The server sent an empty response.');
  });

  it('says the server cannot be reached when fetch fails', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toMatchObject({
      kind: 'network',
      message: 'Cannot reach the server. Check your connection.',
    });
  });

  it('maps the top-level codes', () => {
    expect(describeError(graphQLErrors('UNAUTHENTICATED', 'whatever')).message).toBe(
      'Your session has ended. Sign in again.',
    );
    const forbidden = "You don't have permission to see orders. Ask a staff manager for ORDERS_READ.";
    expect(describeError(graphQLErrors('FORBIDDEN', forbidden))).toMatchObject({
      kind: 'forbidden',
      message: forbidden,
    });
    expect(describeError(graphQLErrors('THROTTLED', 'x', { retryAfter: 2.2 }))).toMatchObject({
      message: 'Too many requests; retrying in 3 s.',
      retryAfter: 3,
    });
    expect(describeError(graphQLErrors('QUERY_TOO_COMPLEX', 'x')).message).toBe('This request is too large.');
    expect(describeError(graphQLErrors('INTERNAL_SERVER_ERROR', 'x', { requestId: 'r-1' }))).toMatchObject({
      kind: 'internal',
      message: 'Something went wrong on our side. Reference: r-1',
      requestId: 'r-1',
    });
    expect(describeError(graphQLErrors('NOT_FOUND', 'No such order.')).kind).toBe('not-found');
  });

  it('takes the request id from the response header when the error has none', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      extensions: { [REQUEST_ID_EXTENSION]: 'from-header-1' },
    });
    expect(describeError(error).message).toBe('Something went wrong on our side. Reference: from-header-1');
  });

  it('never shows a raw exception', () => {
    expect(describeError(new Error('Cannot read properties of undefined (reading "x")')).message).toBe(
      'Something went wrong. Try again.',
    );
    expect(describeError('weird').kind).toBe('unknown');
  });

  it('uses the same words as the server for the messages both show', () => {
    // The admin's subpath import and the server's main entry are one module, not two copies.
    expect(MESSAGES).toBe(ServerMessages);
    expect(TRANSPORT_MESSAGES.sessionEnded).toBe(MESSAGES.sessionEnded);
    expect(TRANSPORT_MESSAGES.tooComplex).toBe(MESSAGES.queryTooComplex);
    expect(TRANSPORT_MESSAGES.throttled(7)).toBe(MESSAGES.throttled(7));
    expect(TRANSPORT_MESSAGES.internal('r-9')).toBe(MESSAGES.internal('r-9'));
  });
});
