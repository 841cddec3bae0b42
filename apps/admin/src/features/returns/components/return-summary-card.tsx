import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import type { ReturnFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** The order it belongs to, the fees agreed, and what the settlement paid once it is made. */
export function ReturnSummaryCard({ ret }: { ret: ReturnFieldsFragment }) {
  const formatDateTime = useFormatDateTime();
  return (
    <SectionCard title="Summary">
      <Stack gap={6} mt="sm">
        <Row label="Order">
          <Anchor component={Link} to={`/orders/${ret.order.id}`}>
            {ret.order.name}
          </Anchor>
        </Row>
        <Row label="Customer">{ret.order.customerName || ret.order.email || 'No customer'}</Row>
        <Row label="Units">
          {ret.receivedQuantity} of {ret.quantity} received
        </Row>
        <Row label="Return shipping fee">{formatMoney(ret.returnShippingFee)}</Row>
        <Row label="Restocking fee">{ret.restockingFeePercent}%</Row>
        {ret.credit && <Row label="Credited">{formatMoney(ret.credit)}</Row>}
        {ret.fees && <Row label="Fees taken">{formatMoney(ret.fees)}</Row>}
        {ret.settledAt && (
          <Row label="Refunded">{ret.refund ? formatMoney(ret.refund.amount) : 'Nothing'}</Row>
        )}
        {ret.settledAt && <Row label="Settled">{formatDateTime(ret.settledAt)}</Row>}
        {ret.note && (
          <Text size="sm" mt={4}>
            {ret.note}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
