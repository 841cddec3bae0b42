import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One customer in full, for its page. */
export const customerDocument = graphql(`
  query Customer($id: ID!) {
    customer(id: $id) {
      ...CustomerFields
    }
  }
`);

export function useCustomerQuery(id: string) {
  return useQuery(customerDocument, { variables: { id }, notifyOnNetworkStatusChange: true });
}
