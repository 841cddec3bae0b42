/*
 * What other modules read through the orders area (drafts price and complete with these): the
 * orders' repositories stay private to the module (stockroom/boundaries); these reads are its
 * public surface, the same functions placing an order uses, so a draft sees what an order would.
 */
export { addReturnCredited, findOrder, linesOfOrders, transactionsOfOrders } from './order.repository.js';
export { shippingRefunded } from './refund.repository.js';
export {
  customerWithEmail,
  findCustomerForOrder,
  variantsForSale,
  type VariantForSale,
} from './order-context.repository.js';
