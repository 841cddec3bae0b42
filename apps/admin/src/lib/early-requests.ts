/**
 * The first screen's data, asked for by the page's first script (src/early.ts) before the app's
 * code has downloaded: on a cold /products the list's request used to leave only once React,
 * Mantine and Apollo had run (~300 ms on this machine), and the first row came ~150 ms after its
 * answer (issue 16 item 10). The app's HTTP link fetches through `fetchWithEarlyAnswers`, which
 * hands an operation the early request made for it (same name and variables), once; anything else,
 * or an answer left unclaimed for a few seconds, goes to the network as before. No React, no Apollo
 * here, so this module costs the first script next to nothing.
 */

import { CSRF_HEADER } from '@stockroom/domain/http';

/**
 * An early answer the app has not claimed this long after its first request is dropped: the app
 * asks afresh rather than show old data. Counted from the app's first request, not from the early
 * one: however slowly the app's code arrives (a loaded machine), its first screen takes the answer
 * asked for it, and asks once.
 */
const KEEP_MS = 5000;

const pending = new Map<string, Promise<Response>>();
let clock: ReturnType<typeof setTimeout> | undefined;

/** Variables as one string whatever the order of their keys. */
export function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function keyOf(operationName: unknown, variables: unknown): string {
  return `${String(operationName)} ${stable(variables ?? {})}`;
}

/** Sends `query` now; the app's request for the same operation and variables will get its answer. */
export function askEarly(operationName: string, query: string, variables: Record<string, unknown>): void {
  const key = keyOf(operationName, variables);
  const response = fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json,application/json;q=0.9',
      [CSRF_HEADER]: '1',
    },
    body: JSON.stringify({ operationName, variables, query }),
  });
  // A failure is the app's to see (its own request then retries); never an unhandled rejection here.
  response.catch(() => undefined);
  pending.set(key, response);
}

/**
 * `fetch`, except that a request an early one was made for gets that one's response. A mutation
 * (signing in, above all) drops every early answer not yet used: they were asked for before it, and
 * who is signed in, or anything else, may have changed since.
 */
export function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  clock ??= setTimeout(() => pending.clear(), KEEP_MS);
  if (pending.size > 0 && typeof init?.body === 'string') {
    try {
      const body = JSON.parse(init.body) as { operationName?: unknown; variables?: unknown; query?: unknown };
      if (typeof body.query === 'string' && /^\s*mutation\b/.test(body.query)) {
        pending.clear();
        return fetch(input, init);
      }
      const key = keyOf(body.operationName, body.variables);
      const early = pending.get(key);
      if (early) {
        pending.delete(key);
        return early;
      }
    } catch {
      // Not JSON: not one of ours.
    }
  }
  return fetch(input, init);
}
