import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What the create-return page needs: the lines with what can come back and their money. */
export const returnCreatePageDocument = graphql(`
  query ReturnCreatePage($id: ID!) {
    order(id: $id) {
      id
      name
      email
      status
      currencyCode
      pricesIncludeTax
      shippingAddress {
        countryCode
        region
      }
      totalPaid {
        amount
        currencyCode
      }
      totalRefunded {
        amount
        currencyCode
      }
      lines {
        id
        productTitle
        variantTitle
        sku
        imageUrl
        quantity
        fulfilledQuantity
        refundedQuantity
        returnCreditedQuantity
        returnableQuantity
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
        tax {
          amount
          currencyCode
        }
      }
    }
  }
`);

export function useReturnCreatePageQuery(id: string) {
  return useQuery(returnCreatePageDocument, {
    variables: { id },
    notifyOnNetworkStatusChange: true,
    // Another person may have taken a return a moment ago: what is returnable must be current.
    fetchPolicy: 'cache-and-network',
  });
}

/**
 * Today's tax rate for the order's shipping address, which new items of an exchange are taxed at
 * (the server does the same when the return is taken).
 */
export const exchangeTaxRateDocument = graphql(`
  query ExchangeTaxRate($countryCode: String!, $region: String) {
    taxPreview(countryCode: $countryCode, region: $region, lineAmounts: []) {
      pricesIncludeTax
      rate {
        id
        name
        rate
      }
    }
  }
`);

export function useExchangeTaxRateQuery(address: { countryCode: string; region?: string | null } | null) {
  return useQuery(exchangeTaxRateDocument, {
    variables: { countryCode: address?.countryCode ?? '', region: address?.region ?? null },
    skip: !address,
  });
}
