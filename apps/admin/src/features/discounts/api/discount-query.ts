import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One code, with the store's currency and time zone its amounts and dates are in. */
export const discountDocument = graphql(`
  query Discount($id: ID!) {
    discount(id: $id) {
      ...DiscountFields
    }
    shop {
      currencyCode
      timezone
    }
  }
`);

export function useDiscountQuery(id: string, skip = false) {
  return useQuery(discountDocument, { variables: { id }, skip });
}

/** What a new code starts from: the store's currency and time zone. */
export const discountShopDocument = graphql(`
  query DiscountShop {
    shop {
      currencyCode
      timezone
    }
  }
`);

export function useDiscountShopQuery() {
  return useQuery(discountShopDocument);
}
