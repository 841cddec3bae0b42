import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The whole tree, flat and depth-first: parents before children, siblings in position order. */
export const categoriesDocument = graphql(`
  query Categories {
    categories {
      id
      name
      handle
      position
      productCount
      version
      parent {
        id
      }
    }
  }
`);

export function useCategoriesQuery() {
  return useQuery(categoriesDocument, { notifyOnNetworkStatusChange: true });
}
