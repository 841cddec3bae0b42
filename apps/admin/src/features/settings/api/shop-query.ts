import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The store settings; every signed-in person may read them. */
export const shopDocument = graphql(`
  query Shop {
    shop {
      ...ShopFields
    }
  }
`);

export const shopFieldsFragment = graphql(`
  fragment ShopFields on Shop {
    name
    contactEmail
    currencyCode
    timezone
    weightUnit
    orderNumberPrefix
    lowStockThreshold
    pricesIncludeTax
    version
    updatedAt
    address {
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
`);

export function useShopQuery() {
  return useQuery(shopDocument, { notifyOnNetworkStatusChange: true });
}
