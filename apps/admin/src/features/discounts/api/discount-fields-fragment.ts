import { graphql } from '../../../gql';

/** A discount code as its page shows and edits it. */
export const discountFieldsFragment = graphql(`
  fragment DiscountFields on Discount {
    id
    code
    kind
    value
    summary
    amount {
      amount
      currencyCode
    }
    appliesTo
    products {
      id
      title
      status
    }
    collections {
      id
      title
      productCount
    }
    minimumSubtotal {
      amount
      currencyCode
    }
    minimumQuantity
    startsAt
    endsAt
    usageLimit
    usageCount
    oncePerCustomer
    status
    disabled
    version
    createdAt
    updatedAt
  }
`);
