import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { NotificationTemplateKind } from '../../../gql/graphql';

/** A template as edited, rendered on a real order (or made-up facts). */
export const notificationPreviewDocument = graphql(`
  query NotificationTemplatePreview(
    $kind: NotificationTemplateKind!
    $subject: String!
    $body: String!
    $orderId: ID
  ) {
    notificationTemplatePreview(kind: $kind, subject: $subject, body: $body, orderId: $orderId) {
      subject
      html
      text
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** The newest orders, to preview a customer message on (the picker filters them as typed). */
export const previewOrdersDocument = graphql(`
  query NotificationPreviewOrders {
    orders(first: 50) {
      nodes {
        id
        name
        email
      }
    }
  }
`);

export function useNotificationPreviewQuery(
  vars: { kind: NotificationTemplateKind; subject: string; body: string; orderId: string | null },
  skip: boolean,
) {
  return useQuery(notificationPreviewDocument, { variables: vars, skip, fetchPolicy: 'network-only' });
}

export function usePreviewOrdersQuery(skip: boolean) {
  return useQuery(previewOrdersDocument, { skip });
}
