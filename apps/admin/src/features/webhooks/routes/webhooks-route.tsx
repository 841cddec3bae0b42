import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataView } from '../../../components/data-view';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useSession } from '../../../lib/session-context';
import { useWebhookSubscriptionsQuery } from '../api/webhooks-query';
import { SubscriptionCard } from '../components/subscription-card';
import { SubscriptionForm } from '../components/subscription-form';
import { SecretDialog, useSubscriptionActions } from '../components/use-subscription-actions';

/** `/settings/webhooks` (WEBHOOKS_MANAGE): where the store tells other systems what happened. */
export function WebhooksRoute() {
  useDocumentTitle('Webhooks · Stockroom');
  const query = useWebhookSubscriptionsQuery();
  const canManage = useSession().can('WEBHOOKS_MANAGE');
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState<{ label: string; secret: string } | null>(null);
  const { actions, dialogs } = useSubscriptionActions();

  const addButton = canManage && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setMaking(true)}>
      Add webhook
    </Button>
  );
  return (
    <Stack gap="md" maw={1000}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm" maw={640}>
          A storefront or an ERP hears what happened here: each event is POSTed as JSON to its URL, signed
          with the webhook’s secret, retried for 48 hours when the receiver fails.
        </Text>
        {addButton}
      </Group>
      <DataView
        query={query}
        skeleton={<Skeleton height={200} radius="md" />}
        isEmpty={(data) => data.webhookSubscriptions.nodes.length === 0}
        empty={{
          title: 'No webhooks yet',
          description: 'Add one for each system that should hear about orders, products, stock or customers.',
          action: addButton,
        }}
      >
        {(data) => (
          <Stack gap="xs">
            {data.webhookSubscriptions.nodes.map((s) => (
              <SubscriptionCard key={s.id} subscription={s} actions={actions} />
            ))}
          </Stack>
        )}
      </DataView>
      <Modal opened={making} onClose={() => setMaking(false)} title="Add a webhook" size="lg">
        {making && (
          <SubscriptionForm
            onCancel={() => setMaking(false)}
            onMade={(label, secret) => {
              setMaking(false);
              setMade({ label, secret });
            }}
          />
        )}
      </Modal>
      <SecretDialog shown={made} onClose={() => setMade(null)} />
      {dialogs}
    </Stack>
  );
}
