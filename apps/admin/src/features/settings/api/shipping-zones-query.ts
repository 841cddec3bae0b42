import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Every shipping zone with its rates (few enough to list whole). */
export const shippingZonesDocument = graphql(`
  query ShippingZones {
    shippingZones {
      ...ShippingZoneFields
    }
    shop {
      currencyCode
    }
  }
`);

export const shippingZoneFieldsFragment = graphql(`
  fragment ShippingZoneFields on ShippingZone {
    id
    name
    countries
    countryNames
    version
    rates {
      id
      name
      price {
        amount
        currencyCode
      }
      minSubtotal {
        amount
      }
      maxSubtotal {
        amount
      }
      freeAbove {
        amount
      }
    }
  }
`);

export function useShippingZonesQuery() {
  return useQuery(shippingZonesDocument, { notifyOnNetworkStatusChange: true });
}
