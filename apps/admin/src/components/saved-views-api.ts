import { useMutation, useQuery } from '@apollo/client/react';
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

const savedViewCreateDocument = graphql(`
  mutation SavedViewCreate($input: SavedViewInput!) {
    savedViewCreate(input: $input) {
      savedView {
        ...SavedViewFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const savedViewUpdateDocument = graphql(`
  mutation SavedViewUpdate($id: ID!, $input: SavedViewUpdateInput!) {
    savedViewUpdate(id: $id, input: $input) {
      savedView {
        ...SavedViewFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const savedViewDeleteDocument = graphql(`
  mutation SavedViewDelete($id: ID!) {
    savedViewDelete(id: $id) {
      deletedId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const savedViewSetDefaultDocument = graphql(`
  mutation SavedViewSetDefault($resource: SavedViewResource!, $id: ID) {
    savedViewSetDefault(resource: $resource, id: $id) {
      savedViews {
        ...SavedViewFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useSavedViewsQuery(resource: SavedViewResource, skip: boolean) {
  return useQuery(savedViewsDocument, { variables: { resource }, skip, fetchPolicy: 'cache-and-network' });
}

const refetch = { refetchQueries: ['SavedViews'], awaitRefetchQueries: true };

export const useSavedViewCreateMutation = () => useMutation(savedViewCreateDocument, refetch);
export const useSavedViewUpdateMutation = () => useMutation(savedViewUpdateDocument, refetch);
export const useSavedViewDeleteMutation = () => useMutation(savedViewDeleteDocument, refetch);
export const useSavedViewSetDefaultMutation = () => useMutation(savedViewSetDefaultDocument, refetch);
