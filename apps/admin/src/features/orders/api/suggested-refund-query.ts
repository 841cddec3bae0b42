import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { OrderRefundLineInput } from '../../../gql/graphql';

/** The server's figures for a refund before it is made: the same computation orderRefund uses. */
export const suggestedRefundDocument = graphql(`
  query SuggestedRefund($id: ID!, $lines: [OrderRefundLineInput!], $shipping: String) {
    order(id: $id) {
      id
      suggestedRefund(lines: $lines, shipping: $shipping) {
        subtotal {
          amount
          currencyCode
        }
        discount {
          amount
          currencyCode
        }
        tax {
          amount
          currencyCode
        }
        shipping {
          amount
          currencyCode
        }
        total {
          amount
          currencyCode
        }
        amount {
          amount
          currencyCode
        }
        maximumRefundable {
          amount
          currencyCode
        }
        shippingRefundable {
          amount
          currencyCode
        }
        shippingTaxRefundable {
          amount
          currencyCode
        }
        unitsBackInStock
        userErrors {
          ...UserErrorFields
        }
      }
    }
  }
`);

export function useSuggestedRefundQuery(id: string, lines: OrderRefundLineInput[], shipping: string) {
  return useQuery(suggestedRefundDocument, {
    variables: { id, lines, shipping: shipping.trim() || null },
    // Figures follow the refunds others make; the old ones stay shown while new ones load.
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
}
