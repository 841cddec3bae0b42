import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { TRANSACTION_WORDS } from './order-words';

/** Every money movement of the order, newest first, failed ones marked as such. */
export function PaymentPanel({ order }: { order: OrderFieldsFragment }) {
  const formatDateTime = useFormatDateTime();
  const transactions = [...order.transactions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <SectionCard title="Transactions" testId="order-transactions">
      {transactions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment has been recorded yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {transactions.map((t, i) => (
            <Fragment key={t.id}>
              {i > 0 && <Divider />}
              <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="transaction">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {TRANSACTION_WORDS[t.kind]}
                    </Text>
                    {t.status === 'FAILURE' && (
                      <Badge color="red" variant="light" size="sm" tt="none">
                        Failed
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[formatDateTime(t.createdAt), t.actorName, t.gateway === 'manual' ? 'Manual' : t.gateway]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {t.reference && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Reference {t.reference}
                    </Text>
                  )}
                </Stack>
                <Text
                  size="sm"
                  fw={600}
                  td={t.status === 'FAILURE' ? 'line-through' : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {t.kind === 'REFUND' || t.kind === 'VOID' ? '−' : ''}
                  {formatMoney(t.amount)}
                </Text>
              </Group>
            </Fragment>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
