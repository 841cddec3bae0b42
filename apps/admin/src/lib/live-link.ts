import { ApolloLink, Observable, type FetchResult } from '@apollo/client';
import { print } from 'graphql';
import type { Client } from 'graphql-sse';
import { CSRF_HEADER } from '@stockroom/domain/http';
import { useSyncExternalStore } from 'react';

/**
 * Live updates (issue #28 §3): subscriptions stream over server-sent events on /graphql, one
 * request per subscription (graphql-sse "distinct connections"), with the session cookie and the
 * CSRF header like every other request. When a stream drops (network, server restart) or the
 * server says live updates are paused, the link opens it again with backoff (1 s, 2 s, 4 s … 30 s)
 * and, once it is back, asks the app to refetch what it shows; meanwhile the status says
 * "reconnecting", so a screen is never silently stale.
 */
export type LiveState = 'live' | 'reconnecting';

const listeners = new Set<() => void>();
/** The subscriptions now waiting to reconnect. */
const waiting = new Set<object>();
const state = (): LiveState => (waiting.size ? 'reconnecting' : 'live');
const notify = () => listeners.forEach((listener) => listener());

export const liveStatus = {
  get: state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** 'reconnecting' while some live stream is down and being reopened. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(liveStatus.subscribe, liveStatus.get, () => 'live');
}

/** Codes with which the server ends a stream that should simply be opened again later. */
const TRANSIENT = new Set(['LIVE_UNAVAILABLE', 'SHUTTING_DOWN', 'THROTTLED']);

export const backoffMs = (attempt: number) => Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));

function codesOf(result: FetchResult): string[] {
  return (result.errors ?? []).map((e) => {
    const code = e.extensions?.['code'];
    return typeof code === 'string' ? code : '';
  });
}

export function createLiveLink(onReconnected: () => void, url = '/graphql'): ApolloLink {
  // The SSE client is downloaded with the first subscription, not with the first screen.
  let client: Promise<Client> | null = null;
  const sse = () =>
    (client ??= import('graphql-sse').then(({ createClient }) =>
      createClient({
        url,
        singleConnection: false,
        credentials: 'same-origin',
        headers: { [CSRF_HEADER]: '1' },
        // Network drops are retried here, for as long as it takes, with the same backoff.
        retryAttempts: Number.POSITIVE_INFINITY,
        retry: (retries) => new Promise((resolve) => setTimeout(resolve, backoffMs(retries + 1))),
      }),
    ));

  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        const token = {};
        let attempt = 0;
        let stop: (() => void) | null = null;
        let timer: ReturnType<typeof setTimeout> | null = null;
        let closed = false;
        const down = () => {
          if (waiting.has(token)) return;
          waiting.add(token);
          notify();
        };
        const up = () => {
          if (!waiting.delete(token)) return;
          notify();
          onReconnected();
        };
        const again = () => {
          if (closed) return;
          down();
          attempt++;
          timer = setTimeout(open, backoffMs(attempt));
        };
        function open() {
          sse().then(subscribe, () => {
            // The download failed (offline, a new version): try it again with the next attempt.
            client = null;
            again();
          });
        }
        function subscribe(c: Client) {
          if (closed) return;
          let failed = false;
          stop = c.subscribe<Record<string, unknown>>(
            {
              query: print(operation.query),
              variables: operation.variables,
              operationName: operation.operationName,
            },
            {
              next: (result) => {
                const codes = codesOf(result as FetchResult);
                if (codes.some((c) => TRANSIENT.has(c))) {
                  failed = true;
                  return;
                }
                attempt = 0;
                observer.next(result as FetchResult);
              },
              error: () => again(),
              complete: () => {
                if (failed) again();
                else if (!closed) observer.complete();
              },
            },
            {
              connected: () => {
                attempt = 0;
                up();
              },
            },
          );
        }
        open();
        return () => {
          closed = true;
          if (timer) clearTimeout(timer);
          stop?.();
          if (waiting.delete(token)) notify();
        };
      }),
  );
}
