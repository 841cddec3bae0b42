import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const invitationAcceptDocument = graphql(`
  mutation InvitationAccept($token: String!, $name: String!, $password: String!) {
    invitationAccept(token: $token, name: $name, password: $password) {
      email
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const passwordResetDocument = graphql(`
  mutation PasswordReset($token: String!, $password: String!) {
    passwordReset(token: $token, password: $password) {
      email
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useInvitationAcceptMutation() {
  return useMutation(invitationAcceptDocument);
}

export function usePasswordResetMutation() {
  return useMutation(passwordResetDocument);
}
