import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { ProductFilterField } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';

/** The values in use for one product list filter (vendor, type, tag, category, collection). */
export const productFilterValuesDocument = graphql(`
  query ProductFilterValues($field: ProductFilterField!, $contains: String, $first: Int) {
    productFilterValues(field: $field, contains: $contains, first: $first)
  }
`);

/** A filter chip's picker values: the first 50 in use for `field`, containing what was typed. */
export function useProductFilterValues(field: string, contains: string) {
  const query = useQuery(productFilterValuesDocument, {
    variables: { field: field as ProductFilterField, contains: contains || null, first: 50 },
  });
  return {
    values: query.data?.productFilterValues,
    loading: query.loading,
    error: query.error ? describeError(query.error).message : null,
  };
}
