import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { InventoryLevelsQueryVariables } from '../../../gql/graphql';

/** One page of stock levels (variant × location) for /inventory. */
export const inventoryLevelsDocument = graphql(`
  query InventoryLevels(
    $query: String
    $sortKey: InventoryLevelSortKeys
    $reverse: Boolean
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    inventoryLevels(
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
        onHand
        committed
        available
        incoming
        damaged
        lowStock
        version
        updatedAt
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

export function useInventoryLevelsQuery(variables: InventoryLevelsQueryVariables) {
  return useQuery(inventoryLevelsDocument, { variables, notifyOnNetworkStatusChange: true });
}
