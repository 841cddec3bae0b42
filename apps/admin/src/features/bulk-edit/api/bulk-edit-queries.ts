import { graphql } from '../../../gql';

/** What a grid row needs of a variant (and, through `product`, nothing more). */
export const bulkVariantFields = graphql(`
  fragment BulkVariantFields on ProductVariant {
    id
    version
    title
    sku
    barcode
    price {
      amount
      currencyCode
    }
    compareAtPrice {
      amount
    }
    costPrice {
      amount
    }
    weightGrams
    trackInventory
    inventoryLevels {
      id
      onHand
      location {
        id
      }
    }
  }
`);

/** One page of the products the search finds: which, and how many variants each has. */
export const bulkEditProductsDocument = graphql(`
  query BulkEditProducts($query: String, $after: String) {
    products(query: $query, first: 250, after: $after, sortKey: TITLE) {
      nodes {
        id
        title
        variantCount
      }
      pageInfo {
        ...PageInfoFields
      }
      count {
        ...CountFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** The chosen products of the list's selection (at most 250 ids a request). */
export const bulkEditProductsByIdDocument = graphql(`
  query BulkEditProductsById($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      ... on Product {
        id
        title
        variantCount
      }
    }
  }
`);

/**
 * The variants of a few products (`product_id:… OR product_id:…`), a page at a time: a flat
 * connection, so a page costs its size, whatever the largest product of the store holds.
 */
export const bulkEditVariantsDocument = graphql(`
  query BulkEditVariants($query: String!, $first: Int!, $after: String) {
    productVariants(query: $query, first: $first, after: $after, sortKey: TITLE) {
      nodes {
        ...BulkVariantFields
        product {
          id
        }
      }
      pageInfo {
        ...PageInfoFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** Every location: the active ones get a stock column; all of them bound what a level list costs. */
export const bulkEditLocationsDocument = graphql(`
  query BulkEditLocations {
    locations(includeInactive: true) {
      id
      name
      active
    }
  }
`);

/** Variants as they are now, for "Reload those rows" and after an undo (at most 250 ids a request). */
export const bulkEditVariantsByIdDocument = graphql(`
  query BulkEditVariantsById($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      ... on ProductVariant {
        ...BulkVariantFields
        product {
          id
          title
        }
      }
    }
  }
`);
