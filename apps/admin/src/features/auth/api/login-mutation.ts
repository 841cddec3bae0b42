import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Starts a session. Wrong credentials and throttling come back as userErrors (SPEC §8, login). */
export const loginDocument = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      staff {
        id
        name
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useLoginMutation() {
  return useMutation(loginDocument);
}
