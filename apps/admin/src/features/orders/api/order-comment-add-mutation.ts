import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Adds a staff comment to the order's timeline. */
export const orderCommentAddDocument = graphql(`
  mutation OrderCommentAdd($id: ID!, $body: String!) {
    orderCommentAdd(id: $id, body: $body) {
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

export function useOrderCommentAddMutation() {
  return useMutation(orderCommentAddDocument);
}
