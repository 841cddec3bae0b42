import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Captures authorized money; the key makes a retried submit capture once. */
export const orderCaptureDocument = graphql(`
  mutation OrderCapture($id: ID!, $amount: String, $idempotencyKey: String) {
    orderCapture(id: $id, amount: $amount, idempotencyKey: $idempotencyKey) {
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

export function useOrderCaptureMutation() {
  return useMutation(orderCaptureDocument);
}
