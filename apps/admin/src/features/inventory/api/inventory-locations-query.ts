import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Every location's name, for the location filter of the inventory screens. */
export const inventoryLocationsDocument = graphql(`
  query InventoryLocations {
    locations(includeInactive: true) {
      id
      name
      active
    }
  }
`);

export function useInventoryLocationsQuery() {
  return useQuery(inventoryLocationsDocument);
}
