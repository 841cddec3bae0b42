import { graphql } from '../gql';

/**
 * What every list query asks of its connection besides the rows (SPEC §7.2): the keyset cursors
 * the pager moves by, the capped count, and why the search could not run. Spread as
 * `pageInfo { ...PageInfoFields } count { ...CountFields } userErrors { ...UserErrorFields }`;
 * codegen adds the definitions to each query that uses them.
 */
export const pageInfoFieldsFragment = graphql(`
  fragment PageInfoFields on PageInfo {
    hasNextPage
    hasPreviousPage
    startCursor
    endCursor
  }
`);

export const countFieldsFragment = graphql(`
  fragment CountFields on Count {
    value
    precision
  }
`);

export const userErrorFieldsFragment = graphql(`
  fragment UserErrorFields on UserError {
    field
    message
    code
  }
`);
