import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Creates a customer, with addresses when given (the first becomes the default). */
export const customerCreateDocument = graphql(`
  mutation CustomerCreate($input: CustomerInput!) {
    customerCreate(input: $input) {
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

export function useCustomerCreateMutation() {
  return useMutation(customerCreateDocument);
}
