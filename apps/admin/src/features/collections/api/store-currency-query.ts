import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The store's currency, in which price conditions are written. */
export const storeCurrencyDocument = graphql(`
  query CollectionStoreCurrency {
    shop {
      currencyCode
    }
  }
`);

export function useStoreCurrencyQuery() {
  return useQuery(storeCurrencyDocument);
}
