import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One return in full, for its page, with the active locations the receive panel offers. */
export const returnDocument = graphql(`
  query Return($id: ID!) {
    return(id: $id) {
      ...ReturnFields
    }
    locations(includeInactive: false) {
      id
      name
    }
  }
`);

export function useReturnQuery(id: string) {
  return useQuery(returnDocument, {
    variables: { id },
    notifyOnNetworkStatusChange: true,
    // A packer and a support person may work the same return: show the cached one, then the latest.
    fetchPolicy: 'cache-and-network',
  });
}

/** The server's settlement as it would be made now (the same computation returnSettle uses). */
export const returnSettlementDocument = graphql(`
  query ReturnSettlement($id: ID!, $refundShipping: Boolean) {
    return(id: $id) {
      id
      suggestedSettlement(refundShipping: $refundShipping) {
        canRefundShipping
        credit {
          amount
          currencyCode
        }
        creditTax {
          amount
          currencyCode
        }
        creditedQuantity
        fees {
          amount
          currencyCode
        }
        restockingFee {
          amount
          currencyCode
        }
        returnShippingFee {
          amount
          currencyCode
        }
        shipping {
          amount
          currencyCode
        }
        shippingRefundable {
          amount
          currencyCode
        }
        maximumRefundable {
          amount
          currencyCode
        }
        refund {
          amount
          currencyCode
        }
        newItemsTotal {
          amount
          currencyCode
        }
        newItemsTax {
          amount
          currencyCode
        }
        exchangeCredit {
          amount
          currencyCode
        }
        difference {
          amount
          currencyCode
        }
        owed {
          amount
          currencyCode
        }
        userErrors {
          ...UserErrorFields
        }
      }
    }
  }
`);

export function useReturnSettlementQuery(id: string, refundShipping: boolean, skip: boolean) {
  return useQuery(returnSettlementDocument, {
    variables: { id, refundShipping },
    skip,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
}
