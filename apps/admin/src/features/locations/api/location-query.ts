import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One location with its whole address, for its editor. */
export const locationDocument = graphql(`
  query Location($id: ID!) {
    node(id: $id) {
      __typename
      ... on Location {
        id
        name
        active
        fulfillmentPriority
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
    }
  }
`);

export function useLocationQuery(id: string) {
  return useQuery(locationDocument, { variables: { id }, notifyOnNetworkStatusChange: true });
}
