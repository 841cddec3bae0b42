import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const notificationTemplateFields = graphql(`
  fragment NotificationTemplateFields on NotificationTemplate {
    kind
    label
    subject
    body
    isDefault
    forStaff
    version
    updatedAt
    variables {
      name
      description
    }
  }
`);

/** Every message's template, and whether email goes out (SMTP_URL) or is kept. */
export const notificationTemplatesDocument = graphql(`
  query NotificationTemplates {
    notificationTemplates {
      ...NotificationTemplateFields
    }
    emailSettings {
      smtpConfigured
      from
    }
  }
`);

export function useNotificationTemplatesQuery() {
  return useQuery(notificationTemplatesDocument);
}
