import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Every location, active or not, by fulfillment priority. */
export const locationsDocument = graphql(`
  query Locations {
    locations(includeInactive: true) {
      id
      name
      active
      fulfillmentPriority
      version
      address {
        line1
        city
        region
        postalCode
        countryCode
      }
    }
  }
`);

export function useLocationsQuery() {
  return useQuery(locationsDocument, { notifyOnNetworkStatusChange: true });
}
