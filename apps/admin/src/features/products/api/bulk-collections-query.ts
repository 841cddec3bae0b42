import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Manual collections to add products to, for the bulk "Add to collection" picker. */
export const bulkCollectionsDocument = graphql(`
  query BulkCollections($query: String) {
    collections(query: $query, first: 50) {
      nodes {
        id
        title
        kind
      }
    }
  }
`);

export function useBulkCollectionsQuery(query: string, skip: boolean) {
  return useQuery(bulkCollectionsDocument, { variables: { query: query || null }, skip });
}
