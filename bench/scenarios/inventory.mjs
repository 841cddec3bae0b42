// The stock levels list: the admin's InventoryLevels document, paged, low stock, and by words.
import { pagesOf, wordsOf } from './paging.mjs';

/** apps/admin/src/features/inventory/api/inventory-levels-query.ts */
export const INVENTORY = `query InventoryLevels($query: String, $first: Int, $after: String) {
  inventoryLevels(query: $query, first: $first, after: $after) {
    nodes { id onHand committed available incoming lowStock version updatedAt location { id name }
      variant { id title sku product { id title } } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor } count { value precision }
    userErrors { field message code } } }`;

export async function inventoryScenarios(gql) {
  const { body } = await gql(`{ products(first: 30, query: "status:active") { nodes { title } } }`);
  const words = wordsOf(
    body.data.products.nodes.map((p) => p.title.split(' ')[2] ?? p.title),
    4,
  );
  const sets = await pagesOf(gql, 'inventoryLevels', INVENTORY, [null, 'low_stock:true', ...words], 8);
  return [
    {
      key: 'inventory-list',
      name: 'inventory list, admin document (50 levels, paged; low stock; words)',
      document: INVENTORY,
      raw: '/inventory',
      variables: sets,
    },
  ];
}
