import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What a new product needs: the store currency and the categories to choose from. */
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
  }
`);

export function useProductNewQuery() {
  return useQuery(productNewDocument, { fetchPolicy: 'cache-and-network' });
}
