import { Avatar, Tooltip } from '@mantine/core';
import { useSubscription } from '@apollo/client/react';
import { orderPresenceDocument } from '../api/order-presence-subscription';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** Avatars of the other people who have this order open now (issue #28 §3 presence). */
export function OrderPresence({ orderId }: { orderId: string }) {
  const { data } = useSubscription(orderPresenceDocument, { variables: { id: orderId } });
  const viewers = data?.presence ?? [];
  if (!viewers.length) return null;
  const words = `${viewers.map((v) => v.name).join(', ')} ${viewers.length === 1 ? 'has' : 'have'} this order open`;
  return (
    <Tooltip label={words} withArrow>
      <Avatar.Group spacing="xs" aria-label={words} role="img">
        {viewers.slice(0, 3).map((v) => (
          <Avatar key={v.staffId} size="sm" radius="xl" color="blue">
            {initials(v.name)}
          </Avatar>
        ))}
        {viewers.length > 3 && (
          <Avatar size="sm" radius="xl">
            +{viewers.length - 3}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}
