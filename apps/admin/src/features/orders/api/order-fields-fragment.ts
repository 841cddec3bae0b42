import { graphql } from '../../../gql';

/**
 * Everything the order page shows; every order mutation returns it, so the page's cache entry stays
 * whole after an action and the buttons follow the new state at once. The server charges each line
 * field for 500 lines and each shipment field for 10 shipments (query cost limit 5,000, this is
 * about 4,100): a field added per line costs 500, so derive what can be derived (a line's subtotal).
 */
export const orderFieldsFragment = graphql(`
  fragment OrderFields on Order {
    id
    number
    name
    status
    paymentStatus
    fulfillmentStatus
    availableActions
    email
    phone
    customerName
    customer {
      id
      displayName
      email
      ordersCount
      totalSpent {
        amount
        currencyCode
      }
      state
    }
    currencyCode
    subtotal {
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
    discountTotal {
      amount
      currencyCode
    }
    total {
      amount
      currencyCode
    }
    totalPaid {
      amount
      currencyCode
    }
    totalRefunded {
      amount
      currencyCode
    }
    exchangeCredit {
      amount
      currencyCode
    }
    outstanding {
      amount
      currencyCode
    }
    totalCapturable {
      amount
      currencyCode
    }
    itemsCount
    pricesIncludeTax
    lines {
      id
      productTitle
      variantTitle
      sku
      imageUrl
      productId
      variantId
      unitPrice {
        amount
        currencyCode
      }
      custom
      originalUnitPrice {
        amount
        currencyCode
      }
      priceOverrideReason
      quantity
      discount {
        amount
        currencyCode
      }
      fulfilledQuantity
      refundedQuantity
      unfulfilledQuantity
      requiresShipping
      location {
        id
        name
      }
    }
    shippingAddress {
      ...OrderAddressFields
    }
    billingAddress {
      ...OrderAddressFields
    }
    shippingLine {
      name
      price {
        amount
        currencyCode
      }
      discount {
        amount
        currencyCode
      }
    }
    discountCode
    discount {
      id
    }
    transactions {
      id
      kind
      status
      amount {
        amount
        currencyCode
      }
      gateway
      reference
      actorName
      createdAt
    }
    refunds {
      id
      amount {
        amount
        currencyCode
      }
      shipping {
        amount
        currencyCode
      }
      reason
      staffName
      createdAt
      lines {
        quantity
        restock
        restockedQuantity
        location {
          id
          name
        }
        line {
          id
          productTitle
          variantTitle
        }
      }
    }
    fulfillments {
      id
      name
      status
      location {
        id
        name
      }
      carrier
      trackingNumber
      trackingUrl
      lines {
        line {
          id
        }
        quantity
      }
      createdAt
      cancelledAt
    }
    tags
    note
    source
    cancelledAt
    cancelReason
    closedAt
    createdAt
    updatedAt
    version
    timeline(first: 50) {
      id
      kind
      message
      actorName
      createdAt
    }
  }
`);

/** An address as copied onto the order. */
export const orderAddressFieldsFragment = graphql(`
  fragment OrderAddressFields on OrderAddress {
    firstName
    lastName
    company
    line1
    line2
    city
    region
    postalCode
    countryCode
    countryName
    phone
  }
`);
