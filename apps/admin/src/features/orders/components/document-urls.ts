/** At most this many orders print at once (SPEC §10: documents, 250 orders a batch). */
export const MAX_PRINT_ORDERS = 250;

export type PrintSelection = { orders: readonly string[] } | { query: string } | { fulfillment: string };

function url(path: string, selection: PrintSelection): string {
  const params = new URLSearchParams();
  if ('orders' in selection) params.set('orders', selection.orders.join(','));
  else if ('query' in selection) params.set('query', selection.query);
  else params.set('fulfillment', selection.fulfillment);
  return `${path}?${params.toString()}`;
}

/** The packing slips of orders (what is still to ship), a search's orders, or one shipment's units. */
export const packingSlipsUrl = (selection: PrintSelection) => url('/documents/packing-slips.pdf', selection);

/** The pick list of orders or of a search's orders. */
export const pickListUrl = (selection: Exclude<PrintSelection, { fulfillment: string }>) =>
  url('/documents/pick-list.pdf', selection);
