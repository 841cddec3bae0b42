import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Changes a rate. */
export const shippingRateUpdateDocument = graphql(`
  mutation ShippingRateUpdate($id: ID!, $input: ShippingRateInput!) {
    shippingRateUpdate(id: $id, input: $input) {
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

export function useShippingRateUpdateMutation() {
  return useMutation(shippingRateUpdateDocument, { refetchQueries: ['ShippingZones'] });
}
