import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { InventoryMovementsQueryVariables } from '../../../gql/graphql';

/** One page of the stock ledger, newest first, for /inventory/history. */
export const inventoryMovementsDocument = graphql(`
  query InventoryMovements(
    $query: String
    $variantId: ID
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    inventoryMovements(
      query: $query
      variantId: $variantId
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      nodes {
        id
        createdAt
        reason
        note
        orderId
        staffName
        onHandBefore
        onHandAfter
        onHandDelta
        committedDelta
        committedAfter
        location {
          id
          name
        }
        variant {
          id
          title
          sku
          product {
            id
            title
          }
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

export function useInventoryMovementsQuery(variables: InventoryMovementsQueryVariables) {
  return useQuery(inventoryMovementsDocument, {
    variables,
    notifyOnNetworkStatusChange: true,
    // The ledger grows with every adjustment; opening the screen shows the newest.
    fetchPolicy: 'cache-and-network',
  });
}
