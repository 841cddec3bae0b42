import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Every tax rate (few enough to list whole). */
export const taxRatesDocument = graphql(`
  query TaxRates {
    taxRates {
      id
      countryCode
      countryName
      region
      rate
      name
      version
    }
    shop {
      currencyCode
      pricesIncludeTax
    }
  }
`);

export function useTaxRatesQuery() {
  return useQuery(taxRatesDocument, { notifyOnNetworkStatusChange: true });
}
