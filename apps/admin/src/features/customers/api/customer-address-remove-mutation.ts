import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Removes one address. */
export const customerAddressRemoveDocument = graphql(`
  mutation CustomerAddressRemove($id: ID!) {
    customerAddressRemove(id: $id) {
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

export function useCustomerAddressRemoveMutation() {
  return useMutation(customerAddressRemoveDocument);
}
