import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Own profile and sessions for /account. */
export const accountDocument = graphql(`
  query Account {
    me {
      id
      name
      email
      version
      isOwner
      lastSignInAt
      sessions {
        id
        createdAt
        lastSeenAt
        expiresAt
        ip
        userAgent
        current
      }
    }
  }
`);

export function useAccountQuery() {
  return useQuery(accountDocument, { notifyOnNetworkStatusChange: true });
}
