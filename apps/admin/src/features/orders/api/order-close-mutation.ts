import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Archives a finished order. */
export const orderCloseDocument = graphql(`
  mutation OrderClose($id: ID!) {
    orderClose(id: $id) {
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

export function useOrderCloseMutation() {
  return useMutation(orderCloseDocument);
}
