import type { ApolloClient, DocumentNode, OperationVariables, WatchQueryFetchPolicy } from '@apollo/client';
import type { TypedDocumentNode } from '@apollo/client';
import { useState } from 'react';
import { stable } from './early-requests';

let client: ApolloClient | null = null;

/** The app's client, for route loaders (main.tsx sets it before the router starts). */
export function setPrefetchClient(next: ApolloClient): void {
  client = next;
}

/**
 * Starts a screen's query from its route's loader, beside the download of the screen's code rather
 * than after its first render (issue 16 item 10). The screen's own query joins the request in
 * flight, or finds its answer in the cache; errors are the screen's to show, so none here.
 */
export function prefetchQuery<TData, TVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables> | DocumentNode,
  variables: TVariables,
): null {
  if (!client) return null;
  // Already cached: the screen shows that and refreshes it (cache-and-network), as on any visit.
  const cached = client.readQuery({ query, variables }) !== null;
  const asked = client.query({ query, variables });
  if (!cached) {
    const key = stable(variables);
    const token = {};
    inFlightOf(query).set(key, token);
    void asked.then(
      () => {
        // Recorded only while no screen has claimed it: a screen that mounted before the answer
        // already joined the request, and a later visit must refresh, however soon it comes.
        if (inFlightOf(query).get(key) !== token) return;
        inFlightOf(query).delete(key);
        answered(query).set(key, Date.now());
      },
      () => undefined,
    );
  } else asked.catch(() => undefined);
  return null;
}

/** Loaders' requests not answered yet, by document and variables; the screen's first render claims them. */
const inFlight = new WeakMap<DocumentNode, Map<string, object>>();
const inFlightOf = (query: DocumentNode) => {
  let byVariables = inFlight.get(query);
  if (!byVariables) inFlight.set(query, (byVariables = new Map<string, object>()));
  return byVariables;
};

/** When a loader's query was last answered from the network, by document and variables. */
const answers = new WeakMap<DocumentNode, Map<string, number>>();
const answered = (query: DocumentNode) => {
  let byVariables = answers.get(query);
  if (!byVariables) answers.set(query, (byVariables = new Map<string, number>()));
  return byVariables;
};

/** A loader's answer this recent is as fresh as asking again: the screen reads it from the cache. */
const FRESH_MS = 3000;

/**
 * How a screen's first render of a prefetched query reads it: from the cache when its loader's
 * answer has just arrived, else cache-and-network. It claims the loader's request either way, so
 * the answer is used once: a later visit to the screen refreshes what is cached, however soon.
 */
export function claimFetchPolicy(query: DocumentNode, variables: OperationVariables): WatchQueryFetchPolicy {
  const byVariables = answers.get(query);
  const key = stable(variables);
  const at = byVariables?.get(key);
  byVariables?.delete(key);
  inFlight.get(query)?.delete(key);
  return at !== undefined && Date.now() - at < FRESH_MS ? 'cache-first' : 'cache-and-network';
}

/**
 * The fetch policies of a screen's query whose route loader prefetches it: `cache-and-network`
 * (show what is cached, refresh it), except when its loader's answer has just arrived, where that
 * would send the same request twice on every first load; then the cache's answer is used, and a
 * later change of variables again refreshes what is cached.
 */
export function usePrefetchedFetchPolicy(
  query: DocumentNode,
  variables: OperationVariables,
): {
  fetchPolicy: WatchQueryFetchPolicy;
  nextFetchPolicy: (
    current: WatchQueryFetchPolicy,
    context: { reason: 'after-fetch' | 'variables-changed' },
  ) => WatchQueryFetchPolicy;
} {
  const [fetchPolicy] = useState<WatchQueryFetchPolicy>(() => claimFetchPolicy(query, variables));
  return {
    fetchPolicy,
    nextFetchPolicy: (current, { reason }) =>
      reason === 'variables-changed' ? 'cache-and-network' : current,
  };
}
