import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const productMediaUpdateDocument = graphql(`
  mutation ProductMediaUpdate($id: ID!, $alt: String!) {
    productMediaUpdate(id: $id, alt: $alt) {
      media {
        id
        alt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const productMediaReorderDocument = graphql(`
  mutation ProductMediaReorder($productId: ID!, $mediaIds: [ID!]!) {
    productMediaReorder(productId: $productId, mediaIds: $mediaIds) {
      media {
        id
        position
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const productMediaDeleteDocument = graphql(`
  mutation ProductMediaDelete($id: ID!) {
    productMediaDelete(id: $id) {
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useProductMediaUpdateMutation() {
  return useMutation(productMediaUpdateDocument);
}

export function useProductMediaReorderMutation() {
  return useMutation(productMediaReorderDocument, { refetchQueries: ['Product'] });
}

export function useProductMediaDeleteMutation() {
  return useMutation(productMediaDeleteDocument, { refetchQueries: ['Product'] });
}
