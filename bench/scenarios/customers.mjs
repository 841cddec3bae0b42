// Customer scenarios: the admin's Customers document, paged, and searched by name.
import { pagesOf } from './paging.mjs';

/** apps/admin/src/features/customers/api/customers-query.ts */
export const CUSTOMERS = `query Customers($query: String, $first: Int, $after: String) {
  customers(query: $query, first: $first, after: $after) {
    nodes { id displayName email state tags version ordersCount totalSpent { amount currencyCode }
      defaultAddress { id countryCode countryName } createdAt }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor } count { value precision }
    userErrors { field message code } } }`;

export async function customerScenarios(gql) {
  const list = await pagesOf(gql, 'customers', CUSTOMERS, [null, 'country:US'], 10);
  const { body } = await gql(`{ customers(first: 60) { nodes { displayName } } }`);
  const names = [
    ...new Set(body.data.customers.nodes.map((c) => c.displayName.split(' ').at(-1).toLowerCase())),
  ];
  const searches = names.slice(0, 10).map((query) => ({ query, first: 50 }));
  return [
    {
      key: 'customer-list',
      name: 'customer list, admin document (50 rows, paged, and by country)',
      document: CUSTOMERS,
      raw: '/customers',
      variables: list,
    },
    {
      key: 'customer-search',
      name: 'customer search by name (admin document)',
      document: CUSTOMERS,
      raw: '/customers',
      variables: searches,
    },
  ];
}
