import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { WebhookSubscriptionFieldsFragment } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { DELIVERY_STATUS } from './delivery-status';

export type Subscription = WebhookSubscriptionFieldsFragment;

export interface SubscriptionActions {
  onTest: (s: Subscription) => void;
  onPauseResume: (s: Subscription) => void;
  onRotate: (s: Subscription) => void;
  onDelete: (s: Subscription) => void;
  /** The subscription a Test is running for. */
  testing: string | null;
}

/** A subscription: topic, URL, status (with why it is paused), last delivery, and what can be done. */
export function SubscriptionCard({
  subscription: s,
  actions,
  link = true,
}: {
  subscription: Subscription;
  actions: SubscriptionActions;
  link?: boolean;
}) {
  const format = useFormatDateTime();
  const last = s.lastDelivery;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="webhook-subscription">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs">
              {link ? (
                <Anchor component={Link} to={`/settings/webhooks/${s.id}`} fw={600}>
                  {s.topicLabel}
                </Anchor>
              ) : (
                <Text fw={600}>{s.topicLabel}</Text>
              )}
              <Badge variant="dot" color={s.status === 'ACTIVE' ? 'green' : 'orange'} tt="none">
                {s.status === 'ACTIVE' ? 'Active' : 'Paused'}
              </Badge>
            </Group>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {s.url}
            </Text>
          </Stack>
        </Group>
        {s.pausedReason && (
          <Text size="sm" c="orange.8" data-testid="webhook-paused-reason">
            {s.pausedReason}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {s.owner.type === 'API_TOKEN'
            ? `API token ${s.owner.name ?? ''}`
            : `Added by ${s.owner.name ?? 'staff'}`}
          {s.includeFields.length ? ` · fields: ${s.includeFields.join(', ')}` : ''}
          {' · '}
          {last ? (
            <>
              last delivery {format(last.lastAttemptAt ?? last.createdAt)}:{' '}
              <Text span size="xs" fw={600} c="dark.6">
                {DELIVERY_STATUS[last.status].label}
                {last.statusCode ? ` (HTTP ${last.statusCode})` : ''}
              </Text>
            </>
          ) : (
            'nothing delivered yet'
          )}
          {s.failingSince ? ` · failing since ${format(s.failingSince)}` : ''}
        </Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            loading={actions.testing === s.id}
            onClick={() => actions.onTest(s)}
          >
            Test
          </Button>
          {link && (
            <Button size="compact-sm" variant="subtle" component={Link} to={`/settings/webhooks/${s.id}`}>
              Deliveries
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" onClick={() => actions.onPauseResume(s)}>
            {s.status === 'ACTIVE' ? 'Pause' : 'Resume'}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => actions.onRotate(s)}>
            Rotate secret
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => actions.onDelete(s)}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
