import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Cancels an order with nothing shipped; refund: true gives the payment back (REFUNDS_WRITE). */
export const orderCancelDocument = graphql(`
  mutation OrderCancel($id: ID!, $reason: String, $refund: Boolean, $notifyCustomer: Boolean) {
    orderCancel(id: $id, reason: $reason, refund: $refund, notifyCustomer: $notifyCustomer) {
      order {
        ...OrderFields
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useOrderCancelMutation() {
  return useMutation(orderCancelDocument);
}
