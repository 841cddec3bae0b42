import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One product for the editor, with the store currency, the category tree, and the active locations (for new variants' starting stock). */
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
    locations(includeInactive: false) {
      id
      name
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
