import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Deletes a rate. */
export const shippingRateDeleteDocument = graphql(`
  mutation ShippingRateDelete($id: ID!) {
    shippingRateDelete(id: $id) {
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

export function useShippingRateDeleteMutation() {
  return useMutation(shippingRateDeleteDocument, { refetchQueries: ['ShippingZones'] });
}
