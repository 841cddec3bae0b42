import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What a new product needs: the store currency, the categories to choose from, and where stock can start. */
export const productNewDocument = graphql(`
  query ProductNew {
    shop {
      currencyCode
      weightUnit
    }
    categories {
      id
      name
      parent {
        id
      }
    }
    locations(includeInactive: false) {
      id
      name
    }
  }
`);

export function useProductNewQuery() {
  return useQuery(productNewDocument, { fetchPolicy: 'cache-and-network' });
}
