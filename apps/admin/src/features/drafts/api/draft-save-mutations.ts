import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const draftCreateDocument = graphql(`
  mutation DraftOrderCreate($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) {
      draftOrder {
        ...DraftFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const draftUpdateDocument = graphql(`
  mutation DraftOrderUpdate($id: ID!, $input: DraftOrderInput!, $version: Int) {
    draftOrderUpdate(id: $id, input: $input, version: $version) {
      draftOrder {
        ...DraftFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useDraftCreateMutation() {
  return useMutation(draftCreateDocument);
}

export function useDraftUpdateMutation() {
  return useMutation(draftUpdateDocument);
}
