import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** One order in full, for its page. */
export const orderDocument = graphql(`
  query Order($id: ID!) {
    order(id: $id) {
      ...OrderFields
    }
  }
`);

export function useOrderQuery(id: string) {
  return useQuery(orderDocument, {
    variables: { id },
    notifyOnNetworkStatusChange: true,
    // Others work the same orders (packers, support): show the cached order at once, then the latest.
    fetchPolicy: 'cache-and-network',
  });
}
