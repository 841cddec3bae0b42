import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Name, address, active; the server refuses deactivation while stock or committed units remain. */
export const locationUpdateDocument = graphql(`
  mutation LocationUpdate($id: ID!, $input: LocationInput!) {
    locationUpdate(id: $id, input: $input) {
      location {
        id
        name
        active
        version
        updatedAt
        address {
          firstName
          lastName
          company
          line1
          line2
          city
          region
          postalCode
          countryCode
          phone
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useLocationUpdateMutation() {
  return useMutation(locationUpdateDocument);
}
