import type { WebhookDeliveryStatus } from '../../../gql/graphql';

/** A delivery's status in words and colour. */
export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  PENDING: { label: 'Waiting', color: 'blue' },
  RETRYING: { label: 'Retrying', color: 'orange' },
  SUCCEEDED: { label: 'Delivered', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
};
