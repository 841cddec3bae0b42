import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const roleCreateDocument = graphql(`
  mutation RoleCreate($input: RoleInput!) {
    roleCreate(input: $input) {
      role {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const roleUpdateDocument = graphql(`
  mutation RoleUpdate($id: ID!, $input: RoleInput!) {
    roleUpdate(id: $id, input: $input) {
      role {
        id
        name
        description
        permissions
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const roleDeleteDocument = graphql(`
  mutation RoleDelete($id: ID!) {
    roleDelete(id: $id) {
      deletedId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useRoleCreateMutation() {
  return useMutation(roleCreateDocument, { refetchQueries: ['StaffRoles'] });
}
export function useRoleUpdateMutation() {
  return useMutation(roleUpdateDocument, { refetchQueries: ['StaffRoles'] });
}
export function useRoleDeleteMutation() {
  return useMutation(roleDeleteDocument, { refetchQueries: ['StaffRoles'] });
}
