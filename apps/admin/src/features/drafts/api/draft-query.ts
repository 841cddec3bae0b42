import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const draftDocument = graphql(`
  query DraftOrder($id: ID!) {
    draftOrder(id: $id) {
      ...DraftFields
    }
  }
`);

export function useDraftQuery(id: string, skip: boolean) {
  return useQuery(draftDocument, { variables: { id }, skip, notifyOnNetworkStatusChange: true });
}
