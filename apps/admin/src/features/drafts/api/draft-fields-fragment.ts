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
      id
      name
    }
    completedAt
    updatedAt
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
