import { graphql } from '../../../gql';

/**
 * Saves the grid's changes all or nothing (issue #34); `errors` name cells, and then
 * nothing was saved.
 */
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
      # Only the new versions: the request costs 1 a variant, so a 2,000-row save stays within the
      # query cost limit (a full variant with its levels would cost ~10 a row).
      variants {
        id
        version
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
