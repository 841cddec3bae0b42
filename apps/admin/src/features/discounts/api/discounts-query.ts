import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { DiscountsQueryVariables } from '../../../gql/graphql';

/** One page of discount codes for the list, with the count and any complaint about the search. */
export const discountsDocument = graphql(`
  query Discounts(
    $query: String
    $sortKey: DiscountSortKeys
    $reverse: Boolean
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    discounts(
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
        code
        status
        kind
        summary
        amount {
          amount
          currencyCode
        }
        appliesTo
        usageCount
        usageLimit
        oncePerCustomer
        startsAt
        endsAt
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

export function useDiscountsQuery(variables: DiscountsQueryVariables) {
  return useQuery(discountsDocument, { variables, notifyOnNetworkStatusChange: true });
}
