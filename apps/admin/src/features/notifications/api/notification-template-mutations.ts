import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const notificationTemplateUpdateDocument = graphql(`
  mutation NotificationTemplateUpdate(
    $kind: NotificationTemplateKind!
    $subject: String!
    $body: String!
    $version: Int
  ) {
    notificationTemplateUpdate(kind: $kind, subject: $subject, body: $body, version: $version) {
      template {
        ...NotificationTemplateFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const notificationTemplateResetDocument = graphql(`
  mutation NotificationTemplateReset($kind: NotificationTemplateKind!) {
    notificationTemplateReset(kind: $kind) {
      template {
        ...NotificationTemplateFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useNotificationTemplateUpdateMutation() {
  return useMutation(notificationTemplateUpdateDocument, { refetchQueries: ['NotificationTemplates'] });
}

export function useNotificationTemplateResetMutation() {
  return useMutation(notificationTemplateResetDocument, { refetchQueries: ['NotificationTemplates'] });
}
