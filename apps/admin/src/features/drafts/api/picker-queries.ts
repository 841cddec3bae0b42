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

/** Variants for the draft's item search: title, SKU or barcode, with price and stock per location. */
export const draftVariantSearchDocument = graphql(`
  query DraftVariantSearch($query: String) {
    productVariants(query: $query, first: 8) {
      nodes {
        id
        title
        sku
        price {
          amount
          currencyCode
        }
        trackInventory
        product {
          id
          title
          status
        }
        inventoryLevels {
          available
          location {
            id
            name
          }
        }
      }
    }
  }
`);

export function useDraftCustomerSearch(query: string) {
  return useQuery(draftCustomerSearchDocument, { variables: { query }, skip: query.trim().length < 2 });
}

export function useDraftVariantSearch(query: string) {
  return useQuery(draftVariantSearchDocument, {
    variables: { query: `${query} status:active` },
    skip: query.trim().length < 1,
  });
}
