import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The server's totals, tax and applicable rates for the draft as edited; writes nothing. */
export const draftCalculateDocument = graphql(`
  mutation DraftOrderCalculate($input: DraftOrderInput!) {
    draftOrderCalculate(input: $input) {
      calculated {
        subtotal {
          amount
          currencyCode
        }
        discountTotal {
          amount
          currencyCode
        }
        shippingTotal {
          amount
          currencyCode
        }
        taxTotal {
          amount
          currencyCode
        }
        total {
          amount
          currencyCode
        }
        itemsCount
        pricesIncludeTax
        taxRate
        taxName
        lines {
          unitPrice {
            amount
            currencyCode
          }
          subtotal {
            amount
            currencyCode
          }
          discount {
            amount
            currencyCode
          }
          total {
            amount
            currencyCode
          }
        }
        discount {
          code
          applied
          message
        }
        availableShippingRates {
          id
          name
          price {
            amount
            currencyCode
          }
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useDraftCalculateMutation() {
  return useMutation(draftCalculateDocument);
}
