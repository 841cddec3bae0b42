import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Adds a rate to a zone. */
export const shippingRateCreateDocument = graphql(`
  mutation ShippingRateCreate($zoneId: ID!, $input: ShippingRateInput!) {
    shippingRateCreate(zoneId: $zoneId, input: $input) {
      rate {
        id
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useShippingRateCreateMutation() {
  return useMutation(shippingRateCreateDocument, { refetchQueries: ['ShippingZones'] });
}
