import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { CollectionsQueryVariables } from '../../../gql/graphql';

/** One page of collections by title for /collections. */
export const collectionsDocument = graphql(`
  query Collections($query: String, $first: Int, $after: String, $last: Int, $before: String) {
    collections(query: $query, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        id
        title
        handle
        kind
        match
        productCount
        updatedAt
      }
      pageInfo {
        ...PageInfoFields
      }
      count {
        ...CountFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCollectionsQuery(variables: CollectionsQueryVariables) {
  return useQuery(collectionsDocument, {
    variables,
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
}
