import { Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { items } from './order-words';
import { formatMinor } from '@stockroom/domain';
import { minorOf, refundableMinor } from './payment-forms';

type Money = { amount: string; currencyCode: string };

function Row({
  label,
  detail,
  value,
  strong = false,
  testId,
}: {
  label: string;
  detail?: ReactNode;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm" data-testid={testId}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={strong ? 700 : undefined}>
          {label}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

const some = (m: Money) => minorOf(m) > 0;

/** The order's code, a link to it for those who may read discounts (the server sends it then). */
function codeOf(order: OrderFieldsFragment): ReactNode {
  if (!order.discountCode) return undefined;
  return order.discount ? (
    <Anchor component={Link} to={`/discounts/${order.discount.id}`} size="xs">
      {order.discountCode}
    </Anchor>
  ) : (
    order.discountCode
  );
}
const minus = (m: Money) => `−${formatMoney(m)}`;

/** Subtotal to total as the customer was charged, then what was paid, refunded and is still owed. */
export function OrderTotalsCard({ order }: { order: OrderFieldsFragment }) {
  const shipping = order.shippingLine;
  const cancelled = order.status === 'CANCELLED';
  // Paid (and not given back) above what the order now costs: an edit that lowered it suggests a
  // refund and never makes one, so the order says what is still to give back.
  const overpaid = cancelled
    ? 0
    : refundableMinor(order) - (minorOf(order.total) - minorOf(order.exchangeCredit));
  const currency = order.total.currencyCode;
  return (
    <SectionCard title="Payment" testId="order-totals">
      <Stack gap="xs">
        <Row label="Subtotal" detail={items(order.itemsCount)} value={formatMoney(order.subtotal)} />
        {some(order.discountTotal) && (
          <Row label="Discount" detail={codeOf(order)} value={minus(order.discountTotal)} />
        )}
        {shipping ? (
          <Row
            label="Shipping"
            detail={
              some(shipping.discount)
                ? `${shipping.name} · ${formatMoney(shipping.price)} before ${order.discountCode ?? 'a discount'}`
                : shipping.name
            }
            value={formatMoney(order.shippingTotal)}
          />
        ) : (
          <Row label="Shipping" detail="None" value={formatMoney(order.shippingTotal)} />
        )}
        <Row
          label={order.pricesIncludeTax ? 'Tax (included in prices)' : 'Tax'}
          value={formatMoney(order.taxTotal)}
        />
        <Row label="Total" value={formatMoney(order.total)} strong testId="order-total" />
        {some(order.exchangeCredit) && (
          <Row
            label="Exchange credit"
            detail="Returned items paid for the new ones"
            value={minus(order.exchangeCredit)}
            testId="order-exchange-credit"
          />
        )}
        <Divider my={4} />
        <Row label="Paid" value={formatMoney(order.totalPaid)} />
        {some(order.totalCapturable) && (
          <Row label="Authorized" detail="Not captured yet" value={formatMoney(order.totalCapturable)} />
        )}
        {some(order.totalRefunded) && <Row label="Refunded" value={minus(order.totalRefunded)} />}
        {overpaid > 0 && (
          <Row
            label="Paid over the total"
            detail="The order costs less than was paid: refund the difference"
            value={formatMoney({ amount: formatMinor(overpaid, currency), currencyCode: currency })}
            strong
            testId="order-overpaid"
          />
        )}
        {some(order.outstanding) ? (
          <Row label="Balance due" value={formatMoney(order.outstanding)} strong testId="order-outstanding" />
        ) : (
          !cancelled &&
          overpaid <= 0 &&
          some(order.total) && (
            <Text size="sm" c="dimmed">
              Nothing is owed on this order.
            </Text>
          )
        )}
      </Stack>
    </SectionCard>
  );
}
