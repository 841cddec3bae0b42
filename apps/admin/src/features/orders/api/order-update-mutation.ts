import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Contact, addresses, tags and note; `version` guards against overwriting someone else. */
export const orderUpdateDocument = graphql(`
  mutation OrderUpdate($id: ID!, $input: OrderUpdateInput!) {
    orderUpdate(id: $id, input: $input) {
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

export function useOrderUpdateMutation() {
  return useMutation(orderUpdateDocument);
}
