import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Deletes a zone and its rates. */
export const shippingZoneDeleteDocument = graphql(`
  mutation ShippingZoneDelete($id: ID!) {
    shippingZoneDelete(id: $id) {
      zone {
        ...ShippingZoneFields
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useShippingZoneDeleteMutation() {
  return useMutation(shippingZoneDeleteDocument, { refetchQueries: ['ShippingZones'] });
}
