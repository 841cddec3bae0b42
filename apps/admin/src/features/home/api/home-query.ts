import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The store and the signed-in person's roles, shown on Home until analytics arrive. */
export const homeDocument = graphql(`
  query Home {
    shop {
      name
      currencyCode
      timezone
      contactEmail
      orderNumberPrefix
      weightUnit
      lowStockThreshold
      pricesIncludeTax
    }
    me {
      id
      name
      isOwner
      permissions
      roles {
        id
        name
        description
      }
    }
  }
`);

export function useHomeQuery() {
  return useQuery(homeDocument, { notifyOnNetworkStatusChange: true });
}
