import { graphql } from '../../../gql';

/** Everything the product editor shows and sends back; shared by the query and the mutations. */
export const productFieldsFragment = graphql(`
  fragment ProductFields on Product {
    id
    title
    handle
    description
    status
    vendor
    productType
    tags
    seoTitle
    seoDescription
    version
    updatedAt
    category {
      id
      name
    }
    collections {
      id
      title
    }
    options {
      name
      values
    }
    media {
      id
      alt
      filename
      width
      height
      thumbnailUrl(size: MEDIUM)
    }
    variants {
      id
      title
      optionValues
      sku
      barcode
      price {
        amount
      }
      compareAtPrice {
        amount
      }
      costPrice {
        amount
      }
      weightGrams
      trackInventory
      allowBackorder
      lowStockThreshold
      version
    }
  }
`);
