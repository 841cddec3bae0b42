import type { ApolloClient, DocumentNode, OperationVariables, WatchQueryFetchPolicy } from '@apollo/client';
import type { TypedDocumentNode } from '@apollo/client';
import { useState } from 'react';
import { stable } from './early-requests';
import { firstPageRequest, type FirstPage } from './first-page';

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
  const key = stable(variables);
  // This visit's answer is the one its screen reads: one an earlier visit left unread (it was left
  // before its screen showed) must not stand in for a refresh now.
  answers.get(query)?.delete(key);
  inFlight.get(query)?.delete(key);
  // Already cached: the screen shows that and refreshes it (cache-and-network), as on any visit.
  const cached = client.readQuery({ query, variables }) !== null;
  const asked = client.query({ query, variables });
  if (cached) {
    asked.catch(() => undefined);
    return null;
  }
  const token = {};
  inFlightOf(query).set(key, token);
  void asked.then(
    () => {
      // Recorded only while no screen has claimed it: a screen that mounted before the answer
      // already joined the request, and a later visit must refresh, however soon it comes.
      if (inFlightOf(query).get(key) !== token) return;
      inFlightOf(query).delete(key);
      answeredOf(query).add(key);
    },
    () => undefined,
  );
  return null;
}

/**
 * The loader of a list's route: asks for the list's first page (lib/first-page.ts) as its screen
 * will, taking the answer the page's first script asked for when there is one (lib/early-requests.ts).
 */
export function firstPageLoader<TData, TVariables extends Record<string, unknown>>(
  page: FirstPage<TVariables>,
  query: TypedDocumentNode<TData, TVariables>,
): (args: { request: Request }) => null {
  return ({ request }) => {
    const first = firstPageRequest(page, new URL(request.url));
    return first ? prefetchQuery(query, first.variables) : null;
  };
}

/** Loaders' requests not answered yet, by document and variables; the screen's first render claims them. */
const inFlight = new WeakMap<DocumentNode, Map<string, object>>();
const inFlightOf = (query: DocumentNode) => {
  let byVariables = inFlight.get(query);
  if (!byVariables) inFlight.set(query, (byVariables = new Map<string, object>()));
  return byVariables;
};

/** Loaders' answers from the network that no screen has read yet, by document and variables. */
const answers = new WeakMap<DocumentNode, Set<string>>();
const answeredOf = (query: DocumentNode) => {
  let byVariables = answers.get(query);
  if (!byVariables) answers.set(query, (byVariables = new Set<string>()));
  return byVariables;
};

/**
 * How a screen's first render of a prefetched query reads it: from the cache when its loader's
 * answer has arrived, else cache-and-network (joining the loader's request in flight). It claims
 * the loader's answer either way, so the answer is used once: a later visit to the screen refreshes
 * what is cached, however soon. No clock: however long the screen's code took to arrive, the
 * answer its own visit's loader fetched is what it shows, and never a second request for it.
 */
export function claimFetchPolicy(query: DocumentNode, variables: OperationVariables): WatchQueryFetchPolicy {
  const key = stable(variables);
  const fresh = answers.get(query)?.delete(key) ?? false;
  inFlight.get(query)?.delete(key);
  return fresh ? 'cache-first' : 'cache-and-network';
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
