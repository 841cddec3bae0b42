import { Badge, Button, Code, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { WebhookDeliveriesQuery } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { DeliveryAttempts } from './delivery-attempts';
import { DELIVERY_STATUS } from './delivery-status';

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['nodes'][number];

/**
 * Deliveries: status, attempts, the last answer (status, time taken, its first 1 kB) and Retry; a
 * row opens to every attempt (read when it opens).
 */
export function DeliveryList({
  deliveries,
  onRetry,
  retrying,
}: {
  deliveries: Delivery[];
  onRetry: (d: Delivery) => void;
  retrying: string | null;
}) {
  const format = useFormatDateTime();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Stack gap="xs">
      {deliveries.map((d) => {
        const status = DELIVERY_STATUS[d.status];
        return (
          <Paper key={d.id} withBorder radius="md" p="sm" data-testid="webhook-delivery">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" align="flex-start">
                <Group gap="xs">
                  <Badge color={status.color} variant="dot" tt="none">
                    {status.label}
                  </Badge>
                  {d.test && (
                    <Badge color="gray" variant="outline" tt="none">
                      Test
                    </Badge>
                  )}
                  <Text size="sm">{format(d.createdAt)}</Text>
                </Group>
                {!d.test && d.status !== 'PENDING' && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    loading={retrying === d.id}
                    onClick={() => onRetry(d)}
                  >
                    {d.status === 'SUCCEEDED' ? 'Send again' : 'Retry'}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {d.attemptCount === 1 ? '1 attempt' : `${d.attemptCount} attempts`}
                {d.statusCode ? ` · HTTP ${d.statusCode}` : ''}
                {d.latencyMs !== null && d.latencyMs !== undefined ? ` · ${d.latencyMs} ms` : ''}
                {d.nextAttemptAt ? ` · next try ${format(d.nextAttemptAt)}` : ''}
                {' · event '}
                <Text span ff="monospace" size="xs">
                  {d.eventId}
                </Text>
              </Text>
              {d.error && (
                <Text size="sm" c="red.8">
                  {d.error}
                </Text>
              )}
              {d.responseExcerpt && !open.has(d.id) && (
                <Code
                  block
                  style={{ maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                >
                  {d.responseExcerpt}
                </Code>
              )}
              {d.attemptCount > 0 && (
                <Group>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-expanded={open.has(d.id)}
                    aria-controls={`attempts-${d.id}`}
                    onClick={() => toggle(d.id)}
                  >
                    {open.has(d.id)
                      ? 'Hide attempts'
                      : d.attemptCount === 1
                        ? 'Show the attempt'
                        : `Show all ${d.attemptCount} attempts`}
                  </Button>
                </Group>
              )}
              <Collapse expanded={open.has(d.id)} id={`attempts-${d.id}`}>
                {open.has(d.id) && <DeliveryAttempts id={d.id} />}
              </Collapse>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
