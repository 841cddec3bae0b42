import { graphql } from '../../../gql';

/**
 * A return as its page shows it; every return mutation answers it, so the page follows the new
 * state (actions, receipts, settlement) at once from the cache.
 */
export const returnFieldsFragment = graphql(`
  fragment ReturnFields on Return {
    id
    name
    status
    availableActions
    quantity
    receivedQuantity
    note
    restockingFeePercent
    returnShippingFee {
      amount
      currencyCode
    }
    credit {
      amount
      currencyCode
    }
    fees {
      amount
      currencyCode
    }
    exchangeTotal {
      amount
      currencyCode
    }
    exchangeCredit {
      amount
      currencyCode
    }
    exchangeLines {
      id
      productTitle
      variantTitle
      sku
      imageUrl
      quantity
      fulfilledQuantity
      unfulfilledQuantity
      priceOverrideReason
      originalUnitPrice {
        amount
        currencyCode
      }
      unitPrice {
        amount
        currencyCode
      }
      total {
        amount
        currencyCode
      }
    }
    refund {
      id
      amount {
        amount
        currencyCode
      }
    }
    staffName
    createdAt
    openedAt
    settledAt
    closedAt
    cancelledAt
    updatedAt
    version
    order {
      id
      name
      email
      customerName
      currencyCode
      pricesIncludeTax
    }
    lines {
      id
      quantity
      reason
      note
      expectedQuantity
      receivedQuantity
      restockedQuantity
      damagedQuantity
      missingQuantity
      creditedQuantity
      credit {
        amount
        currencyCode
      }
      orderLine {
        id
        productTitle
        variantTitle
        sku
        imageUrl
        unitPrice {
          amount
          currencyCode
        }
        location {
          id
          name
        }
        variant {
          id
          barcode
          trackInventory
        }
      }
    }
    receipts {
      id
      createdAt
      disposition
      quantity
      staffName
      location {
        id
        name
      }
      line {
        id
      }
    }
  }
`);

/** The order after a return command: its returns and what can still come back. */
export const returnOrderFieldsFragment = graphql(`
  fragment ReturnOrderFields on Order {
    id
    availableActions
    paymentStatus
    exchangeCredit {
      amount
      currencyCode
    }
    outstanding {
      amount
      currencyCode
    }
    totalRefunded {
      amount
      currencyCode
    }
    lines {
      id
      returnableQuantity
      returnCreditedQuantity
      refundedQuantity
    }
    returns {
      id
      name
      status
      quantity
      receivedQuantity
      createdAt
    }
  }
`);

/** What every return command answers: the return, its order, and what was wrong with the input. */
export const returnPayloadFieldsFragment = graphql(`
  fragment ReturnPayloadFields on ReturnPayload {
    return {
      ...ReturnFields
    }
    order {
      ...ReturnOrderFields
    }
    userErrors {
      ...UserErrorFields
    }
  }
`);
