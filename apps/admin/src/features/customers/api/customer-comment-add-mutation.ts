import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Adds a staff comment to the timeline. */
export const customerCommentAddDocument = graphql(`
  mutation CustomerCommentAdd($customerId: ID!, $body: String!) {
    customerCommentAdd(customerId: $customerId, body: $body) {
      customer {
        ...CustomerFields
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useCustomerCommentAddMutation() {
  return useMutation(customerCommentAddDocument);
}
