import type { ApolloClient, DocumentNode, OperationVariables } from '@apollo/client';
import type { TypedDocumentNode } from '@apollo/client';

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
  client?.query({ query, variables }).catch(() => undefined);
  return null;
}
