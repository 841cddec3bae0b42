import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const webhookSubscriptionFields = graphql(`
  fragment WebhookSubscriptionFields on WebhookSubscription {
    id
    topic
    topicLabel
    url
    includeFields
    status
    pausedReason
    failingSince
    version
    owner {
      type
      name
    }
    lastDelivery {
      id
      status
      statusCode
      createdAt
      lastAttemptAt
    }
  }
`);

/** The store's webhook subscriptions, newest first (at most 50 a store). */
export const webhookSubscriptionsDocument = graphql(`
  query WebhookSubscriptions {
    webhookSubscriptions(first: 50) {
      nodes {
        ...WebhookSubscriptionFields
      }
    }
  }
`);

export function useWebhookSubscriptionsQuery() {
  return useQuery(webhookSubscriptionsDocument, { fetchPolicy: 'cache-and-network' });
}

/** One subscription (its page's heading). */
export const webhookSubscriptionDocument = graphql(`
  query WebhookSubscription($id: ID!) {
    node(id: $id) {
      ... on WebhookSubscription {
        ...WebhookSubscriptionFields
      }
    }
  }
`);

export function useWebhookSubscriptionQuery(id: string) {
  return useQuery(webhookSubscriptionDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
}

/** A subscription's deliveries, newest first, searched (status:failed …). */
export const webhookDeliveriesDocument = graphql(`
  query WebhookDeliveries($subscriptionId: ID!, $query: String, $after: String) {
    webhookDeliveries(subscriptionId: $subscriptionId, query: $query, first: 50, after: $after) {
      nodes {
        id
        eventId
        topic
        test
        subjectId
        status
        attemptCount
        nextAttemptAt
        lastAttemptAt
        statusCode
        latencyMs
        responseExcerpt
        error
        createdAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      count {
        value
        precision
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

export function useWebhookDeliveriesQuery(subscriptionId: string, query: string | null) {
  return useQuery(webhookDeliveriesDocument, {
    variables: { subscriptionId, query },
    fetchPolicy: 'cache-and-network',
  });
}

/** One delivery's attempts, newest first (the last 50): read when its row is opened. */
export const webhookDeliveryAttemptsDocument = graphql(`
  query WebhookDeliveryAttempts($id: ID!) {
    node(id: $id) {
      ... on WebhookDelivery {
        id
        attemptCount
        attempts {
          at
          statusCode
          error
          latencyMs
          responseExcerpt
        }
      }
    }
  }
`);

/** Read each time a row opens (cache and network), so a row tried again shows its new attempts. */
export function useWebhookDeliveryAttemptsQuery(id: string) {
  return useQuery(webhookDeliveryAttemptsDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
}
