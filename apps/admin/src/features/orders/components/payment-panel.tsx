import { Badge, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useSession } from '../../../lib/session-context';
import { TRANSACTION_WORDS } from './order-words';
import { VoidDialog } from './void-dialog';

type Refund = OrderFieldsFragment['refunds'][number];

/**
 * "2 × Linen shirt, M (restocked at Main warehouse)": what went back, as the packer reads it; only
 * the units that really went back to stock are said to ("3 × Mug (1 restocked at Shop)").
 */
export function refundedItems(refund: Pick<Refund, 'lines'>): string[] {
  return refund.lines.map((l) => {
    const title =
      l.line.variantTitle && l.line.variantTitle !== 'Default'
        ? `${l.line.productTitle}, ${l.line.variantTitle}`
        : l.line.productTitle;
    const back = l.restockedQuantity;
    const where =
      back > 0 && l.location
        ? ` (${back === l.quantity ? '' : `${back} `}restocked at ${l.location.name})`
        : '';
    return `${l.quantity} × ${title}${where}`;
  });
}

function RefundRow({ refund }: { refund: Refund }) {
  const formatDateTime = useFormatDateTime();
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="refund">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          Refund
        </Text>
        <Text size="xs" c="dimmed">
          {[formatDateTime(refund.createdAt), refund.staffName].filter(Boolean).join(' · ')}
        </Text>
        {refundedItems(refund).map((item) => (
          <Text key={item} size="xs">
            {item}
          </Text>
        ))}
        {refund.shipping.amount !== '0.00' && <Text size="xs">Shipping {formatMoney(refund.shipping)}</Text>}
        {refund.reason && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Reason: {refund.reason}
          </Text>
        )}
      </Stack>
      {refund.amount.amount === '0.00' ? (
        // Items back in stock, no money back: not "−$0.00".
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          No money
        </Text>
      ) : (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          −{formatMoney(refund.amount)}
        </Text>
      )}
    </Group>
  );
}

/**
 * Every money movement of the order, newest first, failed ones marked as such; then the refunds with
 * what went back. An authorization can be voided from here.
 */
export function PaymentPanel({ order }: { order: OrderFieldsFragment }) {
  const formatDateTime = useFormatDateTime();
  const { can } = useSession();
  const [voiding, setVoiding] = useState(false);
  const canVoid = can('REFUNDS_WRITE') && order.availableActions.includes('VOID');
  const refunds = [...order.refunds].reverse();
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
      {refunds.length > 0 && (
        <Stack gap="xs" mt="md" data-testid="order-refunds">
          <Divider label="Refunds" labelPosition="left" />
          {refunds.map((r, i) => (
            <Fragment key={r.id}>
              {i > 0 && <Divider />}
              <RefundRow refund={r} />
            </Fragment>
          ))}
        </Stack>
      )}
      {canVoid && (
        <Group justify="flex-end" mt="md">
          <Button variant="default" color="red" size="xs" onClick={() => setVoiding(true)}>
            Void authorization
          </Button>
        </Group>
      )}
      <Modal opened={voiding} onClose={() => setVoiding(false)} title="Void authorization">
        {voiding && <VoidDialog order={order} onClose={() => setVoiding(false)} />}
      </Modal>
    </SectionCard>
  );
}
