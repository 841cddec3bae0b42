import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Changes the order's lines, shipping and discount at the version the page read; the key makes a retry edit once. */
export const orderEditDocument = graphql(`
  mutation OrderEdit($input: OrderEditInput!) {
    orderEdit(input: $input) {
      order {
        ...OrderFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useOrderEditMutation() {
  return useMutation(orderEditDocument);
}
