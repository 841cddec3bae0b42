// Product scenarios: the admin's /products document, the full list with variants and stock, the
// search box and the product page — documents as the admin sends them.
import { pagesOf, wordsOf } from './paging.mjs';

const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

/** apps/admin/src/features/products/api/products-query.ts */
export const PRODUCTS_ADMIN = `query Products($query: String, $first: Int, $after: String) {
  products(query: $query, first: $first, after: $after) {
    nodes { id title handle status vendor totalAvailable variantCount updatedAt
      category { id name } media { id alt thumbnailUrl(size: SMALL) } }
    ${PAGE_INFO} count { value precision } userErrors { field message code } } }`;

export const PRODUCTS_FULL = `query ProductsFull($query: String, $first: Int, $after: String) {
  products(query: $query, first: $first, after: $after) {
    nodes { id title status totalAvailable category { name } media { thumbnailUrl(size: SMALL) } variantCount
      variants { id sku price { amount } inventoryLevels { available location { name } } } }
    pageInfo { hasNextPage endCursor } count { value precision } } }`;

export const PRODUCT_SEARCH = `query Search($query: String, $first: Int) {
  products(first: $first, query: $query) { nodes { id title } count { value } } }`;

/** apps/admin/src/features/products/api/product-query.ts with its ProductFields fragment. */
export const PRODUCT_DETAIL = `query Product($id: ID!) {
  product(id: $id) { id title handle description status vendor productType tags seoTitle seoDescription version
    updatedAt category { id name } collections { id title } options { name values }
    media { id alt filename width height thumbnailUrl(size: MEDIUM) }
    variants { id title optionValues sku barcode price { amount } compareAtPrice { amount } costPrice { amount }
      weightGrams trackInventory allowBackorder lowStockThreshold version } }
  shop { currencyCode }
  categories { id name parent { id } } }`;

const LIST_QUERIES = [null, 'status:active', 'status:active tag:sale', 'status:draft'];

export async function productScenarios(gql) {
  const listSets = await pagesOf(gql, 'products', PRODUCTS_ADMIN, LIST_QUERIES, 10);
  // 50 rows when the query cost allows it: the cost charges every row the most variants any product
  // has now, and the demo store's largest products (24 variants) put 50 rows over the limit.
  const fullFirst = (await gql(PRODUCTS_FULL, { first: 50 })).body.errors ? 20 : 50;
  const fullSets = await pagesOf(gql, 'products', PRODUCTS_FULL, LIST_QUERIES, 10, fullFirst);
  const { body } = await gql(`{ products(first: 80) { nodes { id title } } }`);
  const products = body.data.products.nodes;
  const words = wordsOf(
    products.map((p) => p.title),
    12,
  );
  return [
    {
      key: 'product-list-admin',
      name: 'product list, admin document (50 rows, 4 searches, paged by cursor)',
      document: PRODUCTS_ADMIN,
      raw: '/products-admin',
      variables: listSets,
    },
    {
      key: 'product-list-full',
      name: `product list, variants with price and stock (${fullFirst} rows, 4 searches, paged)`,
      document: PRODUCTS_FULL,
      raw: '/products-full',
      variables: fullSets,
    },
    {
      key: 'product-search',
      name: 'product search, free words (20 rows + count)',
      document: PRODUCT_SEARCH,
      raw: '/product-search',
      variables: words.map((query) => ({ query, first: 20 })),
    },
    {
      key: 'product-detail',
      name: 'product page (the admin editor document)',
      document: PRODUCT_DETAIL,
      raw: '/product-detail',
      variables: products.slice(0, 40).map((p) => ({ id: p.id })),
    },
  ];
}
