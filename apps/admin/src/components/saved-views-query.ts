import { useQuery } from '@apollo/client/react';
import { graphql } from '../gql';
import type { SavedViewResource } from '../gql/graphql';

export const savedViewFieldsFragment = graphql(`
  fragment SavedViewFields on SavedView {
    id
    resource
    name
    query
    sortKey
    reverse
    columns
    shared
    owner
    isDefault
    canEdit
    version
  }
`);

/** The views of one list the viewer may see: shared first, then their own. */
export const savedViewsDocument = graphql(`
  query SavedViews($resource: SavedViewResource!) {
    savedViews(resource: $resource) {
      ...SavedViewFields
    }
  }
`);

export function useSavedViewsQuery(resource: SavedViewResource, skip: boolean) {
  return useQuery(savedViewsDocument, { variables: { resource }, skip, fetchPolicy: 'cache-and-network' });
}
