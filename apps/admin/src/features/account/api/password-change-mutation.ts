import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { accountDocument } from './account-query';

/** Changes the own password; the server signs out every other session on success. */
export const passwordChangeDocument = graphql(`
  mutation PasswordChange($currentPassword: String!, $newPassword: String!) {
    passwordChange(currentPassword: $currentPassword, newPassword: $newPassword) {
      staff {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function usePasswordChangeMutation() {
  return useMutation(passwordChangeDocument, {
    // Other sessions end on success, so the sessions list is fetched again; a refusal changes nothing.
    refetchQueries: (result) => (result.data?.passwordChange.staff ? [accountDocument] : []),
  });
}
