import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const apiTokenCreateDocument = graphql(`
  mutation ApiTokenCreate($input: ApiTokenInput!) {
    apiTokenCreate(input: $input) {
      apiToken {
        id
        name
      }
      token
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const apiTokenRevokeDocument = graphql(`
  mutation ApiTokenRevoke($id: ID!) {
    apiTokenRevoke(id: $id) {
      apiToken {
        id
        status
        revokedAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useApiTokenCreateMutation() {
  return useMutation(apiTokenCreateDocument, { refetchQueries: ['ApiTokens'] });
}

export function useApiTokenRevokeMutation() {
  return useMutation(apiTokenRevokeDocument);
}
