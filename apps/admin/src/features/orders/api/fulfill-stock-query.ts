import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * Stock of the variants being shipped at every location, so the fulfill page can warn before the
 * server refuses. Asked apart from the order: per line it costs a level per location, which the
 * order's 500-line bound would multiply past the query cost limit.
 */
export const fulfillStockDocument = graphql(`
  query FulfillStock($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        trackInventory
        allowBackorder
        inventoryLevels {
          id
          onHand
          available
          location {
            id
          }
        }
      }
    }
  }
`);

export function useFulfillStockQuery(ids: string[]) {
  return useQuery(fulfillStockDocument, {
    variables: { ids },
    skip: ids.length === 0,
    fetchPolicy: 'network-only',
  });
}
