import { Alert, Button, Group, Text } from '@mantine/core';
import { useSubscription } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { orderCreatedDocument } from '../api/order-live-subscriptions';

/** "1 new order — show" / "3 new orders — show". */
export const newOrdersWords = (count: number) => `${count} new order${count === 1 ? '' : 's'} — show`;

/**
 * Above the order list (issue #28 §3): new orders as they are placed. A toast names each one placed
 * by someone else; the list itself never moves under the cursor — "show" brings them in (first
 * page, refetched).
 */
export function NewOrdersBanner({ onShow }: { onShow: () => void }) {
  const [count, setCount] = useState(0);
  const seen = useRef(new Set<string>());
  useSubscription(orderCreatedDocument, {
    onData: ({ data }) => {
      const event = data.data?.orderCreated;
      // The same event may arrive twice (at least once): counted once.
      if (!event || seen.current.has(event.eventId)) return;
      seen.current.add(event.eventId);
      setCount((c) => c + 1);
      if (!event.byYou)
        notifications.show({
          id: `order-created-${event.eventId}`,
          title: 'New order',
          message: `${event.order?.name ?? 'An order'} was placed${event.actorName ? ` by ${event.actorName}` : ''}.`,
          autoClose: 5000,
        });
    },
  });
  if (!count) return null;
  return (
    <Alert variant="light" color="blue" py={6} mb="xs" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm">New orders arrived while you were looking.</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            setCount(0);
            onShow();
          }}
        >
          {newOrdersWords(count)}
        </Button>
      </Group>
    </Alert>
  );
}
