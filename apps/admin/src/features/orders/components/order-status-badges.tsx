import { Badge } from '@mantine/core';
import type {
  FulfillmentStatus,
  OrderFulfillmentStatus,
  OrderPaymentStatus,
  OrderStatus,
} from '../../../gql/graphql';

interface Look {
  color: string;
  label: string;
  /** Filled for what needs someone's attention (money not in, goods not out), light otherwise. */
  variant: 'light' | 'outline' | 'filled';
}

const PAYMENT: Record<OrderPaymentStatus, Look> = {
  PENDING: { color: 'orange', label: 'Payment pending', variant: 'light' },
  AUTHORIZED: { color: 'yellow', label: 'Authorized', variant: 'light' },
  PARTIALLY_PAID: { color: 'orange', label: 'Partially paid', variant: 'light' },
  PAID: { color: 'gray', label: 'Paid', variant: 'light' },
  PARTIALLY_REFUNDED: { color: 'grape', label: 'Partially refunded', variant: 'light' },
  REFUNDED: { color: 'grape', label: 'Refunded', variant: 'light' },
  VOIDED: { color: 'gray', label: 'Voided', variant: 'outline' },
};

const FULFILLMENT: Record<OrderFulfillmentStatus, Look> = {
  UNFULFILLED: { color: 'yellow', label: 'Unfulfilled', variant: 'light' },
  PARTIALLY_FULFILLED: { color: 'yellow', label: 'Partially fulfilled', variant: 'light' },
  FULFILLED: { color: 'gray', label: 'Fulfilled', variant: 'light' },
};

const ORDER: Record<OrderStatus, Look> = {
  OPEN: { color: 'blue', label: 'Open', variant: 'light' },
  CLOSED: { color: 'gray', label: 'Archived', variant: 'outline' },
  CANCELLED: { color: 'red', label: 'Cancelled', variant: 'light' },
};

const SHIPMENT: Record<FulfillmentStatus, Look> = {
  SUCCESS: { color: 'green', label: 'Shipped', variant: 'light' },
  CANCELLED: { color: 'gray', label: 'Cancelled', variant: 'outline' },
};

function LookBadge({ look, testId }: { look: Look; testId: string }) {
  return (
    <Badge color={look.color} variant={look.variant} tt="none" data-testid={testId} style={{ flexShrink: 0 }}>
      {look.label}
    </Badge>
  );
}

/** Whether the money is in (SPEC §4 payment status). */
export function PaymentStatusBadge({ status }: { status: OrderPaymentStatus }) {
  return <LookBadge look={PAYMENT[status]} testId="payment-status" />;
}

/** Whether the goods are out (SPEC §4 fulfillment status). */
export function FulfillmentStatusBadge({ status }: { status: OrderFulfillmentStatus }) {
  return <LookBadge look={FULFILLMENT[status]} testId="fulfillment-status" />;
}

/** Open, archived (CLOSED) or cancelled. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <LookBadge look={ORDER[status]} testId="order-status" />;
}

/** One shipment's state. */
export function ShipmentStatusBadge({ status }: { status: FulfillmentStatus }) {
  return <LookBadge look={SHIPMENT[status]} testId="shipment-status" />;
}

export const paymentStatusLabel = (status: OrderPaymentStatus) => PAYMENT[status].label;
export const fulfillmentStatusLabel = (status: OrderFulfillmentStatus) => FULFILLMENT[status].label;
