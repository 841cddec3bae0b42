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

/** One page of the products the search finds, with every variant (250 products a page). */
export const bulkEditProductsDocument = graphql(`
  query BulkEditProducts($query: String, $after: String) {
    products(query: $query, first: 250, after: $after, sortKey: TITLE) {
      nodes {
        id
        title
        variants {
          ...BulkVariantFields
        }
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
        variants {
          ...BulkVariantFields
        }
      }
    }
  }
`);

/** The locations that get a stock column. */
export const bulkEditLocationsDocument = graphql(`
  query BulkEditLocations {
    locations(includeInactive: false) {
      id
      name
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
