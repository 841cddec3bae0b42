import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The active locations a batch of orders can be shipped from, in fulfillment priority order. */
export const bulkFulfillLocationsDocument = graphql(`
  query BulkFulfillLocations {
    locations(includeInactive: false) {
      id
      name
    }
  }
`);

export function useBulkFulfillLocationsQuery(skip: boolean) {
  return useQuery(bulkFulfillLocationsDocument, { skip });
}
