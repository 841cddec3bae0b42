import { useLazyQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Tax on sample amounts sent to a country (and region), as an order would charge it. */
export const taxPreviewDocument = graphql(`
  query TaxPreview($countryCode: String!, $region: String, $lineAmounts: [String!]!, $shipping: String) {
    taxPreview(countryCode: $countryCode, region: $region, lineAmounts: $lineAmounts, shipping: $shipping) {
      lines {
        amount
        currencyCode
      }
      shipping {
        amount
        currencyCode
      }
      total {
        amount
        currencyCode
      }
      pricesIncludeTax
      rate {
        id
        name
        rate
      }
    }
  }
`);

export function useTaxPreviewQuery() {
  return useLazyQuery(taxPreviewDocument, { fetchPolicy: 'network-only' });
}
