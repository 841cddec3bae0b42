import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What the fulfill page needs: the lines still to ship, where their stock is reserved, the locations. */
export const orderFulfillPageDocument = graphql(`
  query OrderFulfillPage($id: ID!) {
    order(id: $id) {
      id
      name
      email
      status
      fulfillmentStatus
      availableActions
      shippingAddress {
        ...OrderAddressFields
      }
      lines {
        id
        productTitle
        variantTitle
        sku
        imageUrl
        quantity
        unfulfilledQuantity
        location {
          id
          name
        }
        variant {
          id
        }
      }
    }
    # Every location, inactive ones too: their number bounds what the stock query may ask for.
    locations(includeInactive: true) {
      id
      name
      active
    }
  }
`);

export function useOrderFulfillPageQuery(id: string) {
  return useQuery(orderFulfillPageDocument, {
    variables: { id },
    notifyOnNetworkStatusChange: true,
    // Stock changes under a packer's feet; what the warnings say must be current.
    fetchPolicy: 'cache-and-network',
  });
}
