import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Records money received outside a gateway (cash, bank transfer) for all that is still owed. */
export const orderMarkAsPaidDocument = graphql(`
  mutation OrderMarkAsPaid($id: ID!, $reference: String) {
    orderMarkAsPaid(id: $id, reference: $reference) {
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

export function useOrderMarkAsPaidMutation() {
  return useMutation(orderMarkAsPaidDocument);
}
