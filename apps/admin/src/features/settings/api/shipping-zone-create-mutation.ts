import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Creates a shipping zone. */
export const shippingZoneCreateDocument = graphql(`
  mutation ShippingZoneCreate($input: ShippingZoneInput!) {
    shippingZoneCreate(input: $input) {
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

export function useShippingZoneCreateMutation() {
  return useMutation(shippingZoneCreateDocument, { refetchQueries: ['ShippingZones'] });
}
