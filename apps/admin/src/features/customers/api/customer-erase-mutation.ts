import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Erases personal data for good; the confirmation is the customer email. */
export const customerEraseDocument = graphql(`
  mutation CustomerErase($id: ID!, $confirmation: String!) {
    customerErase(id: $id, confirmation: $confirmation) {
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

export function useCustomerEraseMutation() {
  return useMutation(customerEraseDocument);
}
