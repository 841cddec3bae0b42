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
  if (!cached)
    void asked.then(
      () => answered(query).set(stable(variables), Date.now()),
      () => undefined,
    );
  else asked.catch(() => undefined);
  return null;
}

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
  const [fetchPolicy] = useState<WatchQueryFetchPolicy>(() => {
    // Used once: a later visit to the screen refreshes what is cached, however soon it comes.
    const byVariables = answers.get(query);
    const key = stable(variables);
    const at = byVariables?.get(key);
    byVariables?.delete(key);
    return at !== undefined && Date.now() - at < FRESH_MS ? 'cache-first' : 'cache-and-network';
  });
  return {
    fetchPolicy,
    nextFetchPolicy: (current, { reason }) =>
      reason === 'variables-changed' ? 'cache-and-network' : current,
  };
}
