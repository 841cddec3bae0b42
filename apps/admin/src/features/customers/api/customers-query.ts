import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { CustomersQueryVariables } from '../../../gql/graphql';

/** One page of customers for the list, with the count and any complaint about the search. */
export const customersDocument = graphql(`
  query Customers(
    $query: String
    $sortKey: CustomerSortKeys
    $reverse: Boolean
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    customers(
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
        displayName
        email
        state
        tags
        version
        ordersCount
        totalSpent {
          amount
          currencyCode
        }
        defaultAddress {
          id
          countryCode
          countryName
        }
        createdAt
        lastOrderAt
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

export function useCustomersQuery(variables: CustomersQueryVariables) {
  return useQuery(customersDocument, { variables, notifyOnNetworkStatusChange: true });
}
