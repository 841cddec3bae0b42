// Home: the admin's Home document (sales figures for a period, the work queue's counts, low stock,
// recent activity) for each period the screen offers. No raw baseline: its figures (analytics
// repository) are a page of SQL each, and a raw copy would be that SQL again.

const MONEY = '{ amount currencyCode }';
const FIGURES = `orders grossSales ${MONEY} discounts ${MONEY} returns ${MONEY} netSales ${MONEY}
  shipping ${MONEY} taxes ${MONEY} totalSales ${MONEY} averageOrderValue ${MONEY}`;
const QUEUE_ITEM = '{ query count { value precision } }';

/** apps/admin/src/features/home/api/home-query.ts (fragments inlined) */
export const HOME = `query Home($period: AnalyticsPeriod!, $reports: Boolean!, $catalog: Boolean!, $audit: Boolean!) {
  shop { name currencyCode timezone contactEmail orderNumberPrefix weightUnit lowStockThreshold pricesIncludeTax }
  me { id name isOwner permissions roles { id name description } }
  analytics {
    sales(period: $period) @include(if: $reports) {
      period netSalesChange ordersChange
      current { from to ${FIGURES} }
      previous { from ${FIGURES} }
      perDay { date orders netSales ${MONEY} }
      topProducts(first: 5) { productId title vendor handle unitsSold netSales ${MONEY} }
    }
    workQueue {
      ordersToFulfill ${QUEUE_ITEM} unpaidOrders ${QUEUE_ITEM} openDrafts ${QUEUE_ITEM}
      lowStock ${QUEUE_ITEM} returnsToReceive ${QUEUE_ITEM} returnsToSettle ${QUEUE_ITEM}
    }
  }
  inventoryLevels(query: "low_stock:true", sortKey: AVAILABLE, first: 5) @include(if: $catalog) {
    nodes { id available location { id name } variant { id title sku product { id title } } }
  }
  auditEvents(first: 6, query: "-subject_type:Session") @include(if: $audit) {
    nodes { id action actorName subjectType subjectId createdAt changes { field before after } }
  }
}`;

export async function homeScenarios() {
  const periods = ['TODAY', 'LAST_7_DAYS', 'LAST_30_DAYS'];
  return [
    {
      key: 'home',
      name: 'home, admin document (figures for today, 7 and 30 days; work queue; low stock; activity)',
      document: HOME,
      raw: null,
      variables: periods.map((period) => ({ period, reports: true, catalog: true, audit: true })),
    },
  ];
}
