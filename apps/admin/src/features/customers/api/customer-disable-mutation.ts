import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Disables a customer (they stay on their orders). */
export const customerDisableDocument = graphql(`
  mutation CustomerDisable($id: ID!) {
    customerDisable(id: $id) {
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

export function useCustomerDisableMutation() {
  return useMutation(customerDisableDocument);
}
