import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { DraftOrdersQueryVariables } from '../../../gql/graphql';

/** One page of drafts for the list, with the count and any complaint about the search. */
export const draftsDocument = graphql(`
  query DraftOrders(
    $query: String
    $sortKey: DraftOrderSortKeys
    $reverse: Boolean
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    draftOrders(
      query: $query
      sortKey: $sortKey
      reverse: $reverse
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      nodes {
        id
        name
        status
        customerName
        email
        itemsCount
        total {
          amount
          currencyCode
        }
        order {
          id
          name
        }
        updatedAt
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      count {
        value
        precision
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useDraftsQuery(variables: DraftOrdersQueryVariables) {
  return useQuery(draftsDocument, { variables, notifyOnNetworkStatusChange: true });
}
