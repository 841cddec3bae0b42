import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** A product's history from the audit log, newest first. */
export const productHistoryDocument = graphql(`
  query ProductHistory($id: ID!) {
    shop {
      currencyCode
    }
    product(id: $id) {
      id
      events {
        id
        action
        actorName
        actorType
        createdAt
        changes {
          field
          before
          after
          beforeText
          afterText
        }
      }
    }
  }
`);

export function useProductHistoryQuery(id: string) {
  return useQuery(productHistoryDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
}
