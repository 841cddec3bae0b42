import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Contact, marketing, tags and note; `version` guards against overwriting someone else. */
export const customerUpdateDocument = graphql(`
  mutation CustomerUpdate($id: ID!, $input: CustomerInput!) {
    customerUpdate(id: $id, input: $input) {
      customer {
        ...CustomerFields
      }
      auditEventId
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useCustomerUpdateMutation() {
  return useMutation(customerUpdateDocument);
}
