import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const jobCancelDocument = graphql(`
  mutation JobCancel($id: ID!) {
    jobCancel(id: $id) {
      job {
        ...JobFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useJobCancelMutation() {
  return useMutation(jobCancelDocument);
}
