import { Alert, Button, Group, Text } from '@mantine/core';
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { useRef, useState } from 'react';

/** What a live "changed" event must say for the banner (LiveEvent in the schema). */
export interface LiveChange {
  eventId: string;
  type: string;
  byYou: boolean;
  actorName?: string | null;
}

/** "Maya changed this — reload". */
export const changedWords = (name: string | null | undefined) => `${name || 'Someone'} changed this — reload`;

interface LiveChangedBannerProps<TData, TVariables extends OperationVariables> {
  /** The record's own stream (orderUpdated(id), productUpdated(id)). */
  subscription: TypedDocumentNode<TData, TVariables>;
  variables: TVariables;
  /** The event in one message of the stream. */
  pick: (data: TData) => LiveChange | null | undefined;
  /** "order", "product". */
  noun: string;
  /** Fetches the record again; forms decide themselves what happens to typed values. */
  onReload: () => void;
}

/**
 * On an open order or product (issue #28 §3): a change someone else committed shows here instead of
 * being met at save time. Showing it changes nothing on the page (typed values stay); "reload"
 * fetches the record again. The same event may arrive twice (at least once): it counts once.
 */
export function LiveChangedBanner<TData, TVariables extends OperationVariables>({
  subscription,
  variables,
  pick,
  noun,
  onReload,
}: LiveChangedBannerProps<TData, TVariables>) {
  const [change, setChange] = useState<{ name: string | null; deleted: boolean } | null>(null);
  const seen = useRef(new Set<string>());
  useSubscription<TData, TVariables>(subscription, {
    variables,
    onData: ({ data }) => {
      const event = data.data ? pick(data.data) : null;
      if (!event || event.byYou || seen.current.has(event.eventId)) return;
      seen.current.add(event.eventId);
      setChange({ name: event.actorName ?? null, deleted: event.type.endsWith('.deleted') });
    },
  });
  if (!change) return null;
  const what = change.deleted
    ? `${change.name || 'Someone'} deleted this ${noun}.`
    : `This ${noun} changed since you opened it.`;
  return (
    <Alert variant="light" color="yellow" py={6} aria-live="polite" data-testid="live-changed">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{what}</Text>
        <Button
          size="compact-sm"
          variant="light"
          color="yellow"
          onClick={() => {
            setChange(null);
            onReload();
          }}
        >
          {change.deleted ? 'Reload' : changedWords(change.name)}
        </Button>
      </Group>
    </Alert>
  );
}
