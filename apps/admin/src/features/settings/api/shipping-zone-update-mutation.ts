import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Renames a zone or changes its countries. */
export const shippingZoneUpdateDocument = graphql(`
  mutation ShippingZoneUpdate($id: ID!, $input: ShippingZoneInput!) {
    shippingZoneUpdate(id: $id, input: $input) {
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

export function useShippingZoneUpdateMutation() {
  return useMutation(shippingZoneUpdateDocument, { refetchQueries: ['ShippingZones'] });
}
