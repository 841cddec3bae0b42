import { useLazyQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The rates a checkout would offer for a country and subtotal, cheapest first. */
export const shippingRatesForDocument = graphql(`
  query ShippingRatesFor($countryCode: String!, $subtotal: String!) {
    shippingRatesFor(countryCode: $countryCode, subtotal: $subtotal) {
      price {
        amount
        currencyCode
      }
      rate {
        id
        name
      }
      zone {
        id
        name
      }
    }
  }
`);

export function useShippingRatesForQuery() {
  return useLazyQuery(shippingRatesForDocument, { fetchPolicy: 'network-only' });
}
