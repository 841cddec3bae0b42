import { graphql } from '../../../gql';

/** Everything the customer page shows; every customer mutation returns it so the cache stays whole. */
export const customerFieldsFragment = graphql(`
  fragment CustomerFields on Customer {
    id
    email
    firstName
    lastName
    displayName
    phone
    acceptsMarketing
    tags
    note
    state
    ordersCount
    totalSpent {
      amount
      currencyCode
    }
    lastOrderAt
    createdAt
    updatedAt
    version
    defaultAddress {
      id
    }
    addresses {
      id
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
    comments {
      body
      createdAt
      staffName
    }
    orderActivity {
      kind
      orderId
      orderName
      returnName
      units
      amount {
        amount
        currencyCode
      }
      createdAt
    }
    events {
      id
      action
      actorName
      createdAt
      changes {
        field
        before
        after
      }
    }
  }
`);
