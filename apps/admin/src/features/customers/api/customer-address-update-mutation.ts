import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Changes one address. */
export const customerAddressUpdateDocument = graphql(`
  mutation CustomerAddressUpdate($id: ID!, $address: AddressInput!) {
    customerAddressUpdate(id: $id, address: $address) {
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

export function useCustomerAddressUpdateMutation() {
  return useMutation(customerAddressUpdateDocument);
}
