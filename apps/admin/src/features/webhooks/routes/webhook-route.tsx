import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { useCommand } from '../../../components/use-command';
import {
  useWebhookDeliveriesRetryFailedMutation,
  useWebhookDeliveryRetryMutation,
} from '../api/webhook-mutations';
import { useWebhookDeliveriesQuery, useWebhookSubscriptionQuery } from '../api/webhooks-query';
import { DeliveryList } from '../components/delivery-list';
import { SubscriptionCard, type Subscription } from '../components/subscription-card';
import { useSubscriptionActions } from '../components/use-subscription-actions';

const FILTERS = [
  { value: '', label: 'All' },
  { value: 'status:failed', label: 'Failed' },
  { value: 'status:retrying OR status:pending', label: 'Waiting' },
  { value: 'status:succeeded', label: 'Delivered' },
];

/** `/settings/webhooks/:subscriptionId`: one webhook and its deliveries, with Retry and Retry all failed. */
export function WebhookRoute() {
  const { subscriptionId = '' } = useParams();
  const navigate = useNavigate();
  const subscription = useWebhookSubscriptionQuery(subscriptionId);
  const [filter, setFilter] = useState('');
  const deliveries = useWebhookDeliveriesQuery(subscriptionId, filter || null);
  const { actions, dialogs } = useSubscriptionActions(() => void navigate('/settings/webhooks'));
  const [retrying, setRetrying] = useState<string | null>(null);
  const [retry] = useWebhookDeliveryRetryMutation();
  const [retryFailed, retryingFailed] = useWebhookDeliveriesRetryFailedMutation();
  const node = subscription.data?.node;
  const sub = node && 'topic' in node ? (node as Subscription) : null;
  useDocumentTitle(`${sub ? `Webhook: ${sub.topicLabel}` : 'Webhook'} · Stockroom`);

  const retryOne = useCommand({
    mutate: async (id: string) => (await retry({ variables: { id } })).data?.webhookDeliveryRetry,
    success: () => ({ title: 'Sending again', message: 'The delivery goes out in a moment.' }),
  });
  const retryAll = useCommand({
    mutate: async () =>
      (await retryFailed({ variables: { subscriptionId } })).data?.webhookDeliveriesRetryFailed,
    success: (p) => ({
      title: p.count ? 'Sending failed deliveries again' : 'No failed deliveries',
      message: p.count
        ? `${p.count} ${p.count === 1 ? 'delivery goes' : 'deliveries go'} out again, in order.`
        : 'Nothing to send again.',
    }),
  });

  return (
    <Stack gap="md" maw={1000}>
      <Breadcrumbs>
        <Anchor component={Link} to="/settings/webhooks">
          Webhooks
        </Anchor>
        <Text>{sub?.topicLabel ?? 'Webhook'}</Text>
      </Breadcrumbs>
      <Title order={1}>{sub ? `Webhook: ${sub.topicLabel}` : 'Webhook'}</Title>
      {sub ? (
        <SubscriptionCard subscription={sub} actions={actions} link={false} />
      ) : (
        subscription.loading && <Skeleton height={120} radius="md" />
      )}
      {!sub && !subscription.loading && <Text c="dimmed">This webhook does not exist or was deleted.</Text>}
      {sub && (
        <>
          <Group justify="space-between" gap="xs">
            <SegmentedControl
              data={FILTERS}
              value={filter}
              onChange={setFilter}
              size="xs"
              aria-label="Show deliveries"
            />
            <Button
              size="compact-sm"
              variant="light"
              loading={retryingFailed.loading}
              onClick={() => void retryAll.run(undefined)}
            >
              Retry all failed
            </Button>
          </Group>
          <DataView
            query={deliveries}
            skeleton={<Skeleton height={200} radius="md" />}
            isEmpty={(data) => data.webhookDeliveries.nodes.length === 0}
            empty={{
              title: filter ? 'No deliveries like that' : 'No deliveries yet',
              description:
                'Each event of its topic shows here with every attempt’s answer; Test sends one now.',
            }}
          >
            {(data) => (
              <DeliveryList
                deliveries={data.webhookDeliveries.nodes}
                retrying={retrying}
                onRetry={(d) => {
                  setRetrying(d.id);
                  void retryOne.run(d.id).finally(() => setRetrying(null));
                }}
              />
            )}
          </DataView>
        </>
      )}
      {dialogs}
    </Stack>
  );
}
