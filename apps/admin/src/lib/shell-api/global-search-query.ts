import { useQuery } from '@apollo/client/react';
import { GlobalSearchDocument } from './shell.generated';

/** The server's limit on what the palette may send (search.service SEARCH_QUERY_MAX_LENGTH). */
export const GLOBAL_SEARCH_MAX_LENGTH = 100;

/** Records matching the words, grouped by type, for the command palette; skipped while empty. */
export function useGlobalSearchQuery(query: string) {
  const words = query.trim().slice(0, GLOBAL_SEARCH_MAX_LENGTH);
  return useQuery(GlobalSearchDocument, {
    variables: { query: words, first: 5 },
    skip: words.length === 0,
    fetchPolicy: 'cache-first',
  });
}
