import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const webhookSubscriptionCreateDocument = graphql(`
  mutation WebhookSubscriptionCreate($input: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(input: $input) {
      webhookSubscription {
        ...WebhookSubscriptionFields
      }
      secret
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const webhookSubscriptionUpdateDocument = graphql(`
  mutation WebhookSubscriptionUpdate($id: ID!, $input: WebhookSubscriptionUpdateInput!) {
    webhookSubscriptionUpdate(id: $id, input: $input) {
      webhookSubscription {
        ...WebhookSubscriptionFields
      }
      secret
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const webhookSubscriptionDeleteDocument = graphql(`
  mutation WebhookSubscriptionDelete($id: ID!) {
    webhookSubscriptionDelete(id: $id) {
      deletedId
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const webhookSubscriptionTestDocument = graphql(`
  mutation WebhookSubscriptionTest($id: ID!) {
    webhookSubscriptionTest(id: $id) {
      delivery {
        id
        status
        statusCode
        latencyMs
        error
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const webhookDeliveryRetryDocument = graphql(`
  mutation WebhookDeliveryRetry($id: ID!) {
    webhookDeliveryRetry(id: $id) {
      delivery {
        id
        status
        nextAttemptAt
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export const webhookDeliveriesRetryFailedDocument = graphql(`
  mutation WebhookDeliveriesRetryFailed($subscriptionId: ID!) {
    webhookDeliveriesRetryFailed(subscriptionId: $subscriptionId) {
      count
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

const lists = { refetchQueries: ['WebhookSubscriptions', 'WebhookDeliveries'] };

export const useWebhookSubscriptionCreateMutation = () =>
  useMutation(webhookSubscriptionCreateDocument, { refetchQueries: ['WebhookSubscriptions'] });
export const useWebhookSubscriptionUpdateMutation = () => useMutation(webhookSubscriptionUpdateDocument);
export const useWebhookSubscriptionDeleteMutation = () =>
  useMutation(webhookSubscriptionDeleteDocument, { refetchQueries: ['WebhookSubscriptions'] });
export const useWebhookSubscriptionTestMutation = () => useMutation(webhookSubscriptionTestDocument, lists);
export const useWebhookDeliveryRetryMutation = () => useMutation(webhookDeliveryRetryDocument, lists);
export const useWebhookDeliveriesRetryFailedMutation = () =>
  useMutation(webhookDeliveriesRetryFailedDocument, lists);
