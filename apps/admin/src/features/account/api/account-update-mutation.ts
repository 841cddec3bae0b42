import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Changes the signed-in person's own name; STALE_VERSION when someone changed it meanwhile. */
export const accountUpdateDocument = graphql(`
  mutation AccountUpdate($input: AccountUpdateInput!) {
    accountUpdate(input: $input) {
      staff {
        id
        name
        version
        updatedAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useAccountUpdateMutation() {
  return useMutation(accountUpdateDocument);
}
