import { graphql } from '../../../gql';

/** Saves the grid's changes all or nothing (issue #34); `errors` name cells, and then nothing was saved. */
export const productVariantsBulkUpdateDocument = graphql(`
  mutation ProductVariantsBulkUpdate(
    $changes: [ProductVariantBulkChange!]!
    $stock: [ProductVariantBulkStock!]!
    $idempotencyKey: String!
    $allowNegativeStock: Boolean
  ) {
    productVariantsBulkUpdate(
      changes: $changes
      stock: $stock
      idempotencyKey: $idempotencyKey
      allowNegativeStock: $allowNegativeStock
    ) {
      updatedCount
      stockChangedCount
      auditEventId
      variants {
        ...BulkVariantFields
        product {
          id
          title
        }
      }
      errors {
        kind
        index
        variantId
        locationId
        column
        code
        message
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);
