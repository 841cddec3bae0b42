import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { ReturnsQueryVariables } from '../../../gql/graphql';

/** One page of returns for the list. */
export const returnsDocument = graphql(`
  query Returns($query: String, $first: Int, $after: String, $last: Int, $before: String) {
    returns(query: $query, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        id
        name
        status
        quantity
        receivedQuantity
        createdAt
        order {
          id
          name
          customerName
          email
        }
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

export function useReturnsQuery(variables: ReturnsQueryVariables) {
  // Parcels arrive while the list is open: a tab shown again from the cache is read again at once.
  return useQuery(returnsDocument, {
    variables,
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
}
