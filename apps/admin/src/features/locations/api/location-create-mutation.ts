import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { locationsDocument } from './locations-query';

export const locationCreateDocument = graphql(`
  mutation LocationCreate($input: LocationInput!) {
    locationCreate(input: $input) {
      location {
        id
        name
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useLocationCreateMutation() {
  return useMutation(locationCreateDocument, { refetchQueries: [locationsDocument] });
}
