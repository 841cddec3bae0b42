import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One product for the editor, with the store currency and the category tree to choose from. */
export const productDocument = graphql(`
  query Product($id: ID!) {
    product(id: $id) {
      ...ProductFields
    }
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

export function useProductQuery(id: string) {
  return useQuery(productDocument, {
    variables: { id },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
}
