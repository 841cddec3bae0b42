import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The rates a checkout would offer the order's country at its new subtotal. */
export const orderEditShippingRatesDocument = graphql(`
  query OrderEditShippingRates($countryCode: String!, $subtotal: String!) {
    shippingRatesFor(countryCode: $countryCode, subtotal: $subtotal) {
      price {
        amount
        currencyCode
      }
      rate {
        id
        name
      }
    }
  }
`);

export function useOrderEditShippingRatesQuery(countryCode: string | null, subtotal: string) {
  return useQuery(orderEditShippingRatesDocument, {
    variables: { countryCode: countryCode ?? '', subtotal },
    skip: !countryCode,
  });
}
