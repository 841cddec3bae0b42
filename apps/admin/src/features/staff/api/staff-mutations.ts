import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const staffInviteDocument = graphql(`
  mutation StaffInvite($input: StaffInviteInput!) {
    staffInvite(input: $input) {
      staff {
        id
        name
      }
      path
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const staffUpdateDocument = graphql(`
  mutation StaffUpdate($id: ID!, $input: StaffUpdateInput!, $version: Int) {
    staffUpdate(id: $id, input: $input, version: $version) {
      staff {
        id
        version
        permissions
        roles {
          id
          name
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const staffStateDocuments = {
  deactivate: graphql(`
    mutation StaffDeactivate($id: ID!) {
      staffDeactivate(id: $id) {
        staff {
          id
          state
          version
          sessions {
            id
          }
        }
        userErrors {
          ...UserErrorFields
        }
      }
    }
  `),
  reactivate: graphql(`
    mutation StaffReactivate($id: ID!) {
      staffReactivate(id: $id) {
        staff {
          id
          state
          version
        }
        userErrors {
          ...UserErrorFields
        }
      }
    }
  `),
};

export const staffPasswordResetDocument = graphql(`
  mutation StaffPasswordResetCreate($id: ID!) {
    staffPasswordResetCreate(id: $id) {
      path
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useStaffInviteMutation() {
  return useMutation(staffInviteDocument, { refetchQueries: ['StaffMembers'] });
}
export function useStaffUpdateMutation() {
  return useMutation(staffUpdateDocument);
}
export function useStaffDeactivateMutation() {
  return useMutation(staffStateDocuments.deactivate);
}
export function useStaffReactivateMutation() {
  return useMutation(staffStateDocuments.reactivate);
}
export function useStaffPasswordResetMutation() {
  return useMutation(staffPasswordResetDocument);
}

/** Ends one of the person's sessions (STAFF_MANAGE may end anyone's). */
export const staffSessionRevokeDocument = graphql(`
  mutation StaffSessionRevoke($id: ID!) {
    sessionRevoke(id: $id) {
      revokedCount
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useStaffSessionRevokeMutation() {
  return useMutation(staffSessionRevokeDocument, { refetchQueries: ['StaffMember'] });
}

export const ownershipTransferDocument = graphql(`
  mutation OwnershipTransfer($id: ID!) {
    ownershipTransfer(id: $id) {
      staff {
        id
        isOwner
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** After a handover, everything about who may do what is read afresh. */
export function useOwnershipTransferMutation() {
  return useMutation(ownershipTransferDocument, { refetchQueries: ['StaffMember', 'CurrentStaff'] });
}
