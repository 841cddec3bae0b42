import { Code, Group, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { DataView } from '../../../components/data-view';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useWebhookDeliveryAttemptsQuery } from '../api/webhooks-query';

/** One delivery's attempts, newest first: when, the answer (or why there was none), time taken, its first 1 kB. */
export function DeliveryAttempts({ id }: { id: string }) {
  const format = useFormatDateTime();
  const query = useWebhookDeliveryAttemptsQuery(id);
  return (
    <DataView
      query={query}
      skeleton={<Skeleton height={60} radius="sm" />}
      isEmpty={(data) => !data.node || !('attempts' in data.node) || data.node.attempts.length === 0}
      empty={{ title: 'Not tried yet', description: 'Its first attempt shows here once it is sent.' }}
    >
      {(data) => {
        const node = data.node && 'attempts' in data.node ? data.node : null;
        if (!node) return null;
        const older = node.attemptCount - node.attempts.length;
        return (
          <Stack gap="xs" data-testid="webhook-delivery-attempts">
            <Timeline bulletSize={12} lineWidth={2} active={-1}>
              {node.attempts.map((a, i) => {
                const ok = a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300;
                return (
                  <Timeline.Item
                    key={`${a.at}-${i}`}
                    color={ok ? 'green' : 'red'}
                    title={
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" fw={600} c={ok ? 'teal.9' : 'red.9'}>
                          {a.statusCode !== null ? `HTTP ${a.statusCode}` : 'No answer'}
                        </Text>
                        <Text size="sm">{format(a.at)}</Text>
                        <Text size="xs" c="dimmed">
                          {a.latencyMs} ms
                        </Text>
                      </Group>
                    }
                    data-testid="webhook-delivery-attempt"
                  >
                    {a.error && (
                      <Text size="sm" c="red.8">
                        {a.error}
                      </Text>
                    )}
                    {a.responseExcerpt && (
                      <Code
                        block
                        mt={4}
                        style={{
                          maxHeight: 100,
                          overflow: 'auto',
                          whiteSpace: 'pre-wrap',
                          wordBreak: 'break-all',
                        }}
                      >
                        {a.responseExcerpt}
                      </Code>
                    )}
                  </Timeline.Item>
                );
              })}
            </Timeline>
            {older > 0 && (
              <Text size="xs" c="dimmed">
                {older === 1 ? '1 older attempt is' : `${older} older attempts are`} not shown (the last{' '}
                {node.attempts.length} are).
              </Text>
            )}
          </Stack>
        );
      }}
    </DataView>
  );
}
