import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const draftDeleteDocument = graphql(`
  mutation DraftOrderDelete($id: ID!) {
    draftOrderDelete(id: $id) {
      deletedId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useDraftDeleteMutation() {
  return useMutation(draftDeleteDocument, {
    update: (cache, { data }) => {
      const id = data?.draftOrderDelete.deletedId;
      if (id) cache.evict({ id: cache.identify({ __typename: 'DraftOrder', id }) });
    },
  });
}
