import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { describeError } from '../../../lib/errors';

/** Customer tags in use, for the list's tag filter. */
export const customerTagValuesDocument = graphql(`
  query CustomerTagValues($contains: String, $first: Int) {
    customerTagValues(contains: $contains, first: $first)
  }
`);

/** The tag chip's picker values: the first 50 tags in use, containing what was typed. */
export function useCustomerTagValues(_lookup: string, contains: string) {
  const query = useQuery(customerTagValuesDocument, {
    variables: { contains: contains || null, first: 50 },
  });
  return {
    values: query.data?.customerTagValues,
    loading: query.loading,
    error: query.error ? describeError(query.error).message : null,
  };
}
