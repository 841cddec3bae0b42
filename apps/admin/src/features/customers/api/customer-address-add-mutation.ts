import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Adds an address to a customer. */
export const customerAddressAddDocument = graphql(`
  mutation CustomerAddressAdd($customerId: ID!, $address: AddressInput!, $setDefault: Boolean) {
    customerAddressAdd(customerId: $customerId, address: $address, setDefault: $setDefault) {
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

export function useCustomerAddressAddMutation() {
  return useMutation(customerAddressAddDocument);
}
