import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { accountDocument } from './account-query';

/** Ends one session (`id`) or every session but the current one (`allOthers: true`). */
export const sessionRevokeDocument = graphql(`
  mutation SessionRevoke($id: ID, $allOthers: Boolean) {
    sessionRevoke(id: $id, allOthers: $allOthers) {
      revokedCount
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useSessionRevokeMutation() {
  return useMutation(sessionRevokeDocument, { refetchQueries: [accountDocument] });
}
