import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** Products for the code's "specific products" search: title, SKU, handle. */
export const discountProductSearchDocument = graphql(`
  query DiscountProductSearch($query: String) {
    products(query: $query, first: 10) {
      nodes {
        id
        title
        status
      }
    }
  }
`);

/** Collections for the code's "specific collections" search, by title. */
export const discountCollectionSearchDocument = graphql(`
  query DiscountCollectionSearch($query: String) {
    collections(query: $query, first: 10) {
      nodes {
        id
        title
        productCount
      }
    }
  }
`);

export function useProductResults(text: string) {
  const { data, loading } = useQuery(discountProductSearchDocument, {
    variables: { query: text },
    skip: !text.trim(),
  });
  return { items: text.trim() ? data?.products.nodes : undefined, loading };
}

export function useCollectionResults(text: string) {
  const { data, loading } = useQuery(discountCollectionSearchDocument, {
    variables: { query: text },
    skip: !text.trim(),
  });
  return { items: text.trim() ? data?.collections.nodes : undefined, loading };
}
