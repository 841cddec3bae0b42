import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Enables a disabled customer again. */
export const customerEnableDocument = graphql(`
  mutation CustomerEnable($id: ID!) {
    customerEnable(id: $id) {
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

export function useCustomerEnableMutation() {
  return useMutation(customerEnableDocument);
}
