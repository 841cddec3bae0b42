import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Open orders holding this variant's committed stock, for the card on the variant page (ORDERS_READ). */
export const variantOpenOrdersDocument = graphql(`
  query VariantOpenOrders($variantId: ID!, $first: Int!) {
    variant: node(id: $variantId) {
      ... on ProductVariant {
        id
        openOrderLines(first: $first) {
          id
          quantity
          unfulfilledQuantity
          location {
            id
            name
          }
          order {
            id
            name
            createdAt
            customerName
            paymentStatus
            fulfillmentStatus
          }
        }
      }
    }
  }
`);

export function useVariantOpenOrdersQuery(variantId: string, first: number) {
  return useQuery(variantOpenOrdersDocument, {
    variables: { variantId, first },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
}
