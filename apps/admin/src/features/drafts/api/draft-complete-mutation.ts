import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Places the draft as an order; the key makes a retried click place one order. */
export const draftCompleteDocument = graphql(`
  mutation DraftOrderComplete(
    $id: ID!
    $markAsPaid: Boolean
    $idempotencyKey: String
    $notifyCustomer: Boolean
  ) {
    draftOrderComplete(
      id: $id
      markAsPaid: $markAsPaid
      idempotencyKey: $idempotencyKey
      notifyCustomer: $notifyCustomer
    ) {
      draftOrder {
        ...DraftFields
      }
      order {
        id
        name
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useDraftCompleteMutation() {
  return useMutation(draftCompleteDocument);
}
