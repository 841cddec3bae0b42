import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Saves what documents print; the server checks number formats and the logo. */
export const documentSettingsUpdateDocument = graphql(`
  mutation DocumentSettingsUpdate($input: DocumentSettingsInput!) {
    documentSettingsUpdate(input: $input) {
      documentSettings {
        ...DocumentSettingsFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useDocumentSettingsUpdateMutation() {
  return useMutation(documentSettingsUpdateDocument);
}
