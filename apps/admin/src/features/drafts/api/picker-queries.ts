import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Customers for the draft's customer search: name, email, phone. */
export const draftCustomerSearchDocument = graphql(`
  query DraftCustomerSearch($query: String) {
    customers(query: $query, first: 8) {
      nodes {
        id
        displayName
        firstName
        lastName
        email
        phone
        state
        defaultAddress {
          firstName
          lastName
          company
          line1
          line2
          city
          region
          postalCode
          countryCode
          phone
        }
      }
    }
  }
`);

export function useDraftCustomerSearch(query: string) {
  return useQuery(draftCustomerSearchDocument, { variables: { query }, skip: query.trim().length < 2 });
}
