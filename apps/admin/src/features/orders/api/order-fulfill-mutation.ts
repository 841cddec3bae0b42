import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Ships items of an order from one location, with the carrier and tracking number. */
export const orderFulfillDocument = graphql(`
  mutation OrderFulfill($input: OrderFulfillInput!) {
    orderFulfill(input: $input) {
      order {
        ...OrderFields
      }
      fulfillment {
        id
        name
      }
      userErrors {
        ...UserErrorFields
        relatedId
      }
    }
  }
`);

export function useOrderFulfillMutation() {
  return useMutation(orderFulfillDocument);
}
