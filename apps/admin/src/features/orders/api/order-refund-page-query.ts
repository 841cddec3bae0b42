import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What the refund page needs: the lines with what is left to refund, where they shipped from, the money. */
export const orderRefundPageDocument = graphql(`
  query OrderRefundPage($id: ID!) {
    order(id: $id) {
      id
      name
      email
      status
      paymentStatus
      availableActions
      totalPaid {
        amount
        currencyCode
      }
      totalRefunded {
        amount
        currencyCode
      }
      lines {
        id
        productTitle
        variantTitle
        sku
        imageUrl
        quantity
        refundedQuantity
        fulfilledQuantity
        unfulfilledQuantity
        unitPrice {
          amount
          currencyCode
        }
        location {
          id
          name
        }
        variant {
          id
        }
      }
    }
    locations(includeInactive: false) {
      id
      name
    }
  }
`);

export function useOrderRefundPageQuery(id: string) {
  return useQuery(orderRefundPageDocument, {
    variables: { id },
    notifyOnNetworkStatusChange: true,
    // Another person may have refunded a moment ago: what is left must be current.
    fetchPolicy: 'cache-and-network',
  });
}
