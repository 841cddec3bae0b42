import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql';

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

const refetch = { refetchQueries: ['SavedViews'], awaitRefetchQueries: true };

export const useSavedViewCreateMutation = () => useMutation(savedViewCreateDocument, refetch);
export const useSavedViewUpdateMutation = () => useMutation(savedViewUpdateDocument, refetch);
export const useSavedViewDeleteMutation = () => useMutation(savedViewDeleteDocument, refetch);
export const useSavedViewSetDefaultMutation = () => useMutation(savedViewSetDefaultDocument, refetch);
