import { useSyncExternalStore } from 'react';

/**
 * Whether the app is retrying a query the server could not be reached for, right now (SPEC §8:
 * "Cannot reach the server", automatic retry with backoff). The network retry link reports it from
 * the first failed attempt to the operation's end, so a screen waiting for data can say so at once
 * instead of staying silent through the retries. No React state of its own: any part of the app
 * reads it with `useRetryingConnection`.
 */
export interface ConnectionStatus {
  /** An operation's attempt failed for want of the server, and it will be tried again. */
  retrying: (operation: object) => void;
  /** The operation is over: answered (the server is back) or given up on. */
  done: (operation: object) => void;
  isRetrying: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

export function createConnectionStatus(): ConnectionStatus {
  const waiting = new Set<object>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    retrying(operation) {
      if (waiting.has(operation)) return;
      waiting.add(operation);
      if (waiting.size === 1) notify();
    },
    done(operation) {
      if (!waiting.delete(operation)) return;
      if (waiting.size === 0) notify();
    },
    isRetrying: () => waiting.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one status, which its Apollo Client's retry link reports to. */
export const connectionStatus = createConnectionStatus();

/** True while some query waits to be retried because the server could not be reached. */
export function useRetryingConnection(): boolean {
  return useSyncExternalStore(connectionStatus.subscribe, connectionStatus.isRetrying, () => false);
}
