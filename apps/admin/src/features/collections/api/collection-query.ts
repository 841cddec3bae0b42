import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** How many members the editor loads and orders (the API's page maximum). */
export const MEMBER_LIMIT = 250;

/** One collection with its rules and its first members in order, for its editor (rule prices are in the store's currency). */
export const collectionDocument = graphql(`
  query Collection($id: ID!, $members: Int!) {
    shop {
      currencyCode
    }
    collection(id: $id) {
      id
      title
      handle
      description
      kind
      match
      productCount
      version
      updatedAt
      rules {
        field
        relation
        value
      }
      products(first: $members) {
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
        count {
          ...CountFields
        }
      }
    }
  }
`);

export function useCollectionQuery(id: string) {
  return useQuery(collectionDocument, {
    variables: { id, members: MEMBER_LIMIT },
    notifyOnNetworkStatusChange: true,
  });
}
