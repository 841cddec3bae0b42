import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The store's API tokens, newest first. */
export const apiTokensDocument = graphql(`
  query ApiTokens {
    apiTokens {
      id
      name
      prefix
      permissions
      status
      createdAt
      expiresAt
      lastUsedAt
      revokedAt
      createdBy {
        name
        email
      }
    }
  }
`);

export function useApiTokensQuery() {
  return useQuery(apiTokensDocument);
}
