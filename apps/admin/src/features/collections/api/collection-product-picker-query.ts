import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Products to add to a manual collection, by a search. */
export const collectionProductPickerDocument = graphql(`
  query CollectionProductPicker($query: String) {
    products(query: $query, first: 20, sortKey: TITLE) {
      nodes {
        id
        title
        status
        vendor
        media {
          id
          alt
          thumbnailUrl(size: SMALL)
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useCollectionProductPickerQuery(query: string, skip: boolean) {
  return useQuery(collectionProductPickerDocument, { variables: { query: query || null }, skip });
}
