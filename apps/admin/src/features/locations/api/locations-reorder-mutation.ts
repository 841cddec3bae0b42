import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { locationsDocument } from './locations-query';

/** Sets fulfillment priority: the given locations first, in that order. */
export const locationsReorderDocument = graphql(`
  mutation LocationsReorder($ids: [ID!]!) {
    locationsReorder(ids: $ids) {
      locations {
        id
        fulfillmentPriority
        version
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useLocationsReorderMutation() {
  return useMutation(locationsReorderDocument, { refetchQueries: [locationsDocument] });
}
