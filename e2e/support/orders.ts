import { fulfillOrder, placeOrder, type Api, type PlacedOrder } from './api';

/** Where the order tests' customer, Mia Wong, has her orders shipped. */
export const ADDRESS = {
  firstName: 'Mia',
  lastName: 'Wong',
  line1: '12 Harbour Street',
  city: 'Portland',
  postalCode: '97201',
  countryCode: 'US',
};

/** An order by mia@example.com shipped to ADDRESS; `input` gives the lines, payment and the rest. */
export function placeMiasOrder(api: Api, input: Record<string, unknown>): Promise<PlacedOrder> {
  return placeOrder(api, { email: 'mia@example.com', shippingAddress: ADDRESS, ...input });
}

/** Mia's order of `quantity` × the variant, paid (a SALE) and wholly shipped: what a refund or return starts from. */
export async function paidShippedOrder(api: Api, variantId: string, quantity: number): Promise<PlacedOrder> {
  const order = await placeMiasOrder(api, { lines: [{ variantId, quantity }], payment: { kind: 'SALE' } });
  await fulfillOrder(api, order.id);
  return order;
}
