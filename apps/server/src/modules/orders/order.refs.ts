import { builder } from '../../graphql/builder.js';
import type { Fulfillment, OrderComment, OrderLine, Order, OrderTransaction } from './order.model.js';

/**
 * The orders area's GraphQL object types, declared once so every schema file of the area (the
 * order itself, its actions, its list) can name them; `order.schema.ts` implements them.
 */
export const OrderRef = builder.objectRef<Order>('Order');
export const OrderLineRef = builder.objectRef<OrderLine>('OrderLine');
export const OrderTransactionRef = builder.objectRef<OrderTransaction>('OrderTransaction');
export const FulfillmentRef = builder.objectRef<Fulfillment>('Fulfillment');
export const OrderCommentRef = builder.objectRef<OrderComment>('OrderComment');
