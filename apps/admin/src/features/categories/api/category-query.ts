import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One category for its editor. */
export const categoryDocument = graphql(`
  query Category($id: ID!) {
    category(id: $id) {
      id
      name
      handle
      description
      position
      productCount
      version
      updatedAt
      parent {
        id
        name
      }
    }
  }
`);

export function useCategoryQuery(id: string) {
  return useQuery(categoryDocument, { variables: { id }, notifyOnNetworkStatusChange: true });
}
