import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const emailMessageFields = graphql(`
  fragment EmailMessageFields on EmailMessage {
    id
    kind
    kindLabel
    to
    subject
    status
    error
    attempts
    orderId
    orderName
    createdAt
    sentAt
  }
`);

/** The outbox, newest first (filtered by what this person may read). */
export const emailMessagesDocument = graphql(`
  query EmailMessages($query: String, $after: String) {
    emailMessages(query: $query, first: 50, after: $after) {
      nodes {
        ...EmailMessageFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      userErrors {
        ...UserErrorFields
      }
    }
    emailSettings {
      smtpConfigured
      from
    }
  }
`);

export const emailMessageDocument = graphql(`
  query EmailMessage($id: ID!) {
    emailMessage(id: $id) {
      ...EmailMessageFields
      html
      text
    }
  }
`);

export const emailMessageResendDocument = graphql(`
  mutation EmailMessageResend($id: ID!) {
    emailMessageResend(id: $id) {
      emailMessage {
        ...EmailMessageFields
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useEmailMessagesQuery(query: string) {
  return useQuery(emailMessagesDocument, { variables: { query: query || null } });
}

export function useEmailMessageQuery(id: string | null) {
  return useQuery(emailMessageDocument, { variables: { id: id ?? '' }, skip: !id });
}

export function useEmailMessageResendMutation() {
  return useMutation(emailMessageResendDocument, { refetchQueries: ['EmailMessages'] });
}
