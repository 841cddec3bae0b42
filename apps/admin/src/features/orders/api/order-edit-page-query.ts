import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What the edit page needs: the lines with what shipped, the shipping and code, the version it edits. */
export const orderEditPageDocument = graphql(`
  query OrderEditPage($id: ID!) {
    order(id: $id) {
      id
      name
      email
      status
      version
      availableActions
      currencyCode
      subtotal {
        amount
        currencyCode
      }
      total {
        amount
        currencyCode
      }
      shippingAddress {
        countryCode
      }
      shippingLine {
        name
        price {
          amount
          currencyCode
        }
      }
      discountCode
      lines {
        id
        productTitle
        variantTitle
        sku
        imageUrl
        custom
        quantity
        fulfilledQuantity
        refundedQuantity
        unitPrice {
          amount
          currencyCode
        }
        location {
          id
          name
        }
      }
    }
  }
`);

export function useOrderEditPageQuery(id: string) {
  return useQuery(orderEditPageDocument, {
    variables: { id },
    notifyOnNetworkStatusChange: true,
    // Someone may have shipped or changed it a moment ago: the edit starts from the order as it is.
    fetchPolicy: 'cache-and-network',
  });
}
