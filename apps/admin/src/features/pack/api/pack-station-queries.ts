import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What the station needs before the first scan: where parcels leave from, and the order number prefix. */
export const packStationDocument = graphql(`
  query PackStation {
    locations(includeInactive: false) {
      id
      name
    }
    shop {
      orderNumberPrefix
    }
  }
`);

/** An order as the station packs it: its lines, where each is reserved, its SKU and barcode. */
export const packOrderFieldsFragment = graphql(`
  fragment PackOrderFields on Order {
    id
    name
    status
    fulfillmentStatus
    availableActions
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
        barcode
      }
    }
  }
`);

/**
 * Orders by a search, oldest first (CREATED_AT is newest first unless reversed): `number:1042` for one typed or scanned, or the orders that may
 * still have items to ship from a location (the station skips those with nothing left there).
 */
export const packOrdersDocument = graphql(`
  query PackOrders($query: String!, $first: Int!, $after: String) {
    orders(query: $query, sortKey: CREATED_AT, reverse: true, first: $first, after: $after) {
      nodes {
        ...PackOrderFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** One order read again, after a shipment was refused (someone else may have shipped it). */
export const packOrderDocument = graphql(`
  query PackOrder($id: ID!) {
    order(id: $id) {
      ...PackOrderFields
    }
  }
`);

/** The shipment, with the key made once for the packed order. */
export const packFulfillDocument = graphql(`
  mutation PackFulfill($input: OrderFulfillInput!) {
    orderFulfill(input: $input) {
      order {
        ...PackOrderFields
      }
      fulfillment {
        id
        name
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function usePackStationQuery() {
  return useQuery(packStationDocument, { fetchPolicy: 'cache-and-network' });
}
