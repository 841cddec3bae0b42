import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { HomeQueryVariables } from '../../../gql/graphql';

/**
 * Everything Home shows, in one request: each part is asked for only when the person may read it
 * (the server refuses the rest), so nobody sees a permission error on their own home screen.
 */
export const homeDocument = graphql(`
  query Home($period: AnalyticsPeriod!, $reports: Boolean!, $catalog: Boolean!, $audit: Boolean!) {
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
    analytics {
      sales(period: $period) @include(if: $reports) {
        period
        netSalesChange
        ordersChange
        current {
          from
          to
          ...SalesFiguresFields
        }
        previous {
          from
          ...SalesFiguresFields
        }
        perDay {
          date
          orders
          netSales {
            amount
            currencyCode
          }
        }
        topProducts(first: 5) {
          productId
          title
          vendor
          handle
          unitsSold
          netSales {
            amount
            currencyCode
          }
        }
      }
      workQueue {
        ordersToFulfill {
          ...WorkQueueItemFields
        }
        unpaidOrders {
          ...WorkQueueItemFields
        }
        openDrafts {
          ...WorkQueueItemFields
        }
        lowStock {
          ...WorkQueueItemFields
        }
        returnsToReceive {
          ...WorkQueueItemFields
        }
        returnsToSettle {
          ...WorkQueueItemFields
        }
      }
    }
    inventoryLevels(query: "low_stock:true", sortKey: AVAILABLE, first: 5) @include(if: $catalog) {
      nodes {
        id
        available
        location {
          id
          name
        }
        variant {
          id
          title
          sku
          product {
            id
            title
          }
        }
      }
    }
    auditEvents(first: 6, query: "-subject_type:Session") @include(if: $audit) {
      nodes {
        id
        action
        actorName
        subjectType
        subjectId
        createdAt
        changes {
          field
          before
          after
        }
      }
    }
  }

  fragment SalesFiguresFields on SalesFigures {
    orders
    grossSales {
      amount
      currencyCode
    }
    discounts {
      amount
      currencyCode
    }
    returns {
      amount
      currencyCode
    }
    netSales {
      amount
      currencyCode
    }
    shipping {
      amount
      currencyCode
    }
    taxes {
      amount
      currencyCode
    }
    totalSales {
      amount
      currencyCode
    }
    averageOrderValue {
      amount
      currencyCode
    }
  }

  fragment WorkQueueItemFields on WorkQueueItem {
    query
    count {
      value
      precision
    }
  }
`);

export function useHomeQuery(variables: HomeQueryVariables) {
  return useQuery(homeDocument, { variables, notifyOnNetworkStatusChange: true });
}
