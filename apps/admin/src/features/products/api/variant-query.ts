import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** A variant in full: its product (to save through productUpdate), stock per location, recent movements. */
export const variantDocument = graphql(`
  query Variant($productId: ID!, $variantId: ID!) {
    product(id: $productId) {
      ...ProductFields
    }
    shop {
      currencyCode
      weightUnit
    }
    locations(includeInactive: false) {
      id
      name
    }
    inventoryLevels: node(id: $variantId) {
      ... on ProductVariant {
        id
        inventoryLevels {
          id
          onHand
          committed
          available
          incoming
          lowStock
          location {
            id
            name
          }
        }
      }
    }
    inventoryMovements(variantId: $variantId, first: 20) {
      nodes {
        id
        createdAt
        reason
        onHandDelta
        onHandBefore
        onHandAfter
        committedDelta
        staffName
        note
        location {
          id
          name
        }
      }
    }
  }
`);

export function useVariantQuery(productId: string, variantId: string) {
  return useQuery(variantDocument, {
    variables: { productId, variantId },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
}
