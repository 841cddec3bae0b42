import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Releases an authorization nothing was captured from. */
export const orderVoidDocument = graphql(`
  mutation OrderVoid($id: ID!) {
    orderVoid(id: $id) {
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

export function useOrderVoidMutation() {
  return useMutation(orderVoidDocument);
}
