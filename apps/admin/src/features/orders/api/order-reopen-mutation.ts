import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Unarchives a closed order. */
export const orderReopenDocument = graphql(`
  mutation OrderReopen($id: ID!) {
    orderReopen(id: $id) {
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

export function useOrderReopenMutation() {
  return useMutation(orderReopenDocument);
}
