/**
 * Where the exchange picker goes (issue #31): new items for the returned ones, priced today or
 * overridden with a reason. It lands with the exchange API (`exchangeLines: [{ variantId,
 * quantity, price, priceOverrideReason }]` on returnCreate); until then it shows nothing, and the
 * create-return form sends no exchange lines.
 */
export function ExchangeSection(_props: { orderId: string; currencyCode: string }) {
  return null;
}
