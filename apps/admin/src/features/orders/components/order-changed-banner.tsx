import { Alert, Button, Group, Text } from '@mantine/core';
import { useSubscription } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { orderUpdatedDocument } from '../api/order-live-subscriptions';

/** "Maya changed this — reload". */
export const changedWords = (name: string | null | undefined) => `${name || 'Someone'} changed this — reload`;

/**
 * On an order's page (issue #28 §3): a change someone else committed shows as a notice instead of
 * being met at save time. "Reload" refetches the order; nothing being edited is overwritten until
 * then (the page's forms keep their own values).
 */
export function OrderChangedBanner({ orderId, onReload }: { orderId: string; onReload: () => void }) {
  const [changedBy, setChangedBy] = useState<{ name: string | null } | null>(null);
  const seen = useRef(new Set<string>());
  useSubscription(orderUpdatedDocument, {
    variables: { id: orderId },
    onData: ({ data }) => {
      const event = data.data?.orderUpdated;
      if (!event || event.byYou || seen.current.has(event.eventId)) return;
      seen.current.add(event.eventId);
      setChangedBy({ name: event.actorName ?? null });
    },
  });
  if (!changedBy) return null;
  return (
    <Alert variant="light" color="yellow" py={6} mb="sm" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm">This order changed since you opened it.</Text>
        <Button
          size="compact-sm"
          variant="light"
          color="yellow"
          onClick={() => {
            setChangedBy(null);
            onReload();
          }}
        >
          {changedWords(changedBy.name)}
        </Button>
      </Group>
    </Alert>
  );
}
