import { Badge } from '@mantine/core';
import type {
  FulfillmentStatus,
  OrderFulfillmentStatus,
  OrderPaymentStatus,
  OrderStatus,
} from '../gql/graphql';

interface Look {
  /** The dot's colour: warm for what needs someone (money not in, goods not out), gray when settled. */
  color: string;
  label: string;
}

const PAYMENT: Record<OrderPaymentStatus, Look> = {
  PENDING: { color: 'orange', label: 'Payment pending' },
  AUTHORIZED: { color: 'yellow', label: 'Authorized' },
  PARTIALLY_PAID: { color: 'orange', label: 'Partially paid' },
  PAID: { color: 'gray', label: 'Paid' },
  PARTIALLY_REFUNDED: { color: 'grape', label: 'Partially refunded' },
  REFUNDED: { color: 'grape', label: 'Refunded' },
  VOIDED: { color: 'gray', label: 'Voided' },
};

const FULFILLMENT: Record<OrderFulfillmentStatus, Look> = {
  UNFULFILLED: { color: 'yellow', label: 'Unfulfilled' },
  PARTIALLY_FULFILLED: { color: 'yellow', label: 'Partially fulfilled' },
  FULFILLED: { color: 'gray', label: 'Fulfilled' },
};

const ORDER: Record<OrderStatus, Look> = {
  OPEN: { color: 'blue', label: 'Open' },
  CLOSED: { color: 'gray', label: 'Archived' },
  CANCELLED: { color: 'red', label: 'Cancelled' },
};

const SHIPMENT: Record<FulfillmentStatus, Look> = {
  SUCCESS: { color: 'green', label: 'Shipped' },
  CANCELLED: { color: 'gray', label: 'Cancelled' },
};

type Size = 'sm' | 'md';

/**
 * Dot badges: the words keep the text colour (light yellow or green text fails WCAG contrast on
 * either theme), the dot carries the colour.
 */
function LookBadge({ look, testId, size = 'md' }: { look: Look; testId: string; size?: Size }) {
  return (
    <Badge
      color={look.color}
      variant="dot"
      size={size}
      tt="none"
      data-testid={testId}
      style={{ flexShrink: 0 }}
    >
      {look.label}
    </Badge>
  );
}

/** Whether the money is in (SPEC §4 payment status). */
export function PaymentStatusBadge({ status, size }: { status: OrderPaymentStatus; size?: Size }) {
  return <LookBadge look={PAYMENT[status]} testId="payment-status" size={size} />;
}

/** Whether the goods are out (SPEC §4 fulfillment status). */
export function FulfillmentStatusBadge({ status, size }: { status: OrderFulfillmentStatus; size?: Size }) {
  return <LookBadge look={FULFILLMENT[status]} testId="fulfillment-status" size={size} />;
}

/** Open, archived (CLOSED) or cancelled. */
export function OrderStatusBadge({ status, size }: { status: OrderStatus; size?: Size }) {
  return <LookBadge look={ORDER[status]} testId="order-status" size={size} />;
}

/** One shipment's state. */
export function ShipmentStatusBadge({ status, size }: { status: FulfillmentStatus; size?: Size }) {
  return <LookBadge look={SHIPMENT[status]} testId="shipment-status" size={size} />;
}

export const paymentStatusLabel = (status: OrderPaymentStatus) => PAYMENT[status].label;
export const fulfillmentStatusLabel = (status: OrderFulfillmentStatus) => FULFILLMENT[status].label;

interface BadgedOrder {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  fulfillmentStatus: OrderFulfillmentStatus;
}

/**
 * An order's badges wherever it is listed or shown: its state unless open, then payment and
 * fulfillment, leaving out what would read as work still to do on a cancelled order ("Payment
 * pending", "Unfulfilled").
 */
export function OrderBadges({ order, size }: { order: BadgedOrder; size?: Size }) {
  const cancelled = order.status === 'CANCELLED';
  return (
    <>
      {order.status !== 'OPEN' && <OrderStatusBadge status={order.status} size={size} />}
      {!(cancelled && order.paymentStatus === 'PENDING') && (
        <PaymentStatusBadge status={order.paymentStatus} size={size} />
      )}
      {!(cancelled && order.fulfillmentStatus === 'UNFULFILLED') && (
        <FulfillmentStatusBadge status={order.fulfillmentStatus} size={size} />
      )}
    </>
  );
}
