import { builder } from '../../graphql/builder.js';
import type {
  FulfillmentRow,
  OrderCommentRow,
  OrderLineRow,
  OrderRow,
  OrderTransactionRow,
} from './order.tables.js';

/**
 * The orders area's GraphQL object types, declared once so every schema file of the area (the
 * order itself, its actions, its list) can name them; `order.schema.ts` implements them.
 */
export const OrderRef = builder.objectRef<OrderRow>('Order');
export const OrderLineRef = builder.objectRef<OrderLineRow>('OrderLine');
export const OrderTransactionRef = builder.objectRef<OrderTransactionRow>('OrderTransaction');
export const FulfillmentRef = builder.objectRef<FulfillmentRow>('Fulfillment');
export const OrderCommentRef = builder.objectRef<OrderCommentRow>('OrderComment');
