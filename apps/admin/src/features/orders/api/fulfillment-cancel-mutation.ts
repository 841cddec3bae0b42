import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Undoes a shipment: its units are to ship again, their stock reserved again. */
export const fulfillmentCancelDocument = graphql(`
  mutation FulfillmentCancel($id: ID!) {
    fulfillmentCancel(id: $id) {
      order {
        ...OrderFields
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useFulfillmentCancelMutation() {
  return useMutation(fulfillmentCancelDocument);
}
