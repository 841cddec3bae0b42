import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Gives money and items back; the key makes a retried submit refund once. */
export const orderRefundDocument = graphql(`
  mutation OrderRefund($input: OrderRefundInput!) {
    orderRefund(input: $input) {
      order {
        ...OrderFields
      }
      refund {
        id
        amount {
          amount
          currencyCode
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useOrderRefundMutation() {
  return useMutation(orderRefundDocument);
}
