import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Makes one address the default. */
export const customerSetDefaultAddressDocument = graphql(`
  mutation CustomerSetDefaultAddress($customerId: ID!, $addressId: ID!) {
    customerSetDefaultAddress(customerId: $customerId, addressId: $addressId) {
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

export function useCustomerSetDefaultAddressMutation() {
  return useMutation(customerSetDefaultAddressDocument);
}
