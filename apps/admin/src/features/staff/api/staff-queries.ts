import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { StaffMembersQueryVariables } from '../../../gql/graphql';

/** The team, by name, for the staff list. */
export const staffMembersDocument = graphql(`
  query StaffMembers($query: String, $first: Int, $after: String, $last: Int, $before: String) {
    staffMembers(query: $query, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        id
        name
        email
        state
        isOwner
        lastSignInAt
        roles {
          id
          name
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
      count {
        value
        precision
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** One person with roles and live sessions, and every role to choose from. */
export const staffMemberDocument = graphql(`
  query StaffMember($id: ID!) {
    staffMember(id: $id) {
      id
      name
      email
      state
      isOwner
      version
      lastSignInAt
      permissions
      roles {
        id
        name
      }
      sessions {
        id
        createdAt
        lastSeenAt
        ip
        userAgent
      }
    }
  }
`);

export const rolesDocument = graphql(`
  query StaffRoles {
    roles {
      id
      name
      description
      permissions
      builtIn
    }
  }
`);

export function useStaffMembersQuery(variables: StaffMembersQueryVariables) {
  return useQuery(staffMembersDocument, { variables, notifyOnNetworkStatusChange: true });
}

export function useStaffMemberQuery(id: string) {
  return useQuery(staffMemberDocument, { variables: { id } });
}

export function useRolesQuery() {
  return useQuery(rolesDocument);
}
