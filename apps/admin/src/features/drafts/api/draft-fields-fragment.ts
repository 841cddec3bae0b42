import { graphql } from '../../../gql';

/** A draft as the editor shows it. */
export const draftFieldsFragment = graphql(`
  fragment DraftFields on DraftOrder {
    id
    name
    status
    version
    email
    phone
    note
    tags
    discountCode
    customer {
      id
      displayName
      email
    }
    shippingAddress {
      ...DraftAddressFields
    }
    billingAddress {
      ...DraftAddressFields
    }
    lines {
      id
      custom
      title
      variantTitle
      sku
      quantity
      taxable
      unitPrice {
        amount
        currencyCode
      }
      originalUnitPrice {
        amount
        currencyCode
      }
      priceOverrideReason
      variant {
        id
      }
    }
    shippingLine {
      title
      price {
        amount
        currencyCode
      }
      custom
      shippingRateId
    }
    total {
      amount
      currencyCode
    }
    order {
      ...DraftPlacedOrder
    }
    completedAt
    updatedAt
  }

  fragment DraftPlacedOrder on Order {
    id
    name
    itemsCount
    pricesIncludeTax
    discountCode
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
    shippingLine {
      name
      price {
        amount
        currencyCode
      }
    }
    lines {
      id
      quantity
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
  }

  fragment DraftAddressFields on OrderAddress {
    firstName
    lastName
    company
    line1
    line2
    city
    region
    postalCode
    countryCode
    phone
  }
`);
