import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useCommand } from '../../../components/use-command';
import type { FulfillStockQuery, OrderFulfillPageQuery } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useFulfillStockQuery } from '../api/fulfill-stock-query';
import { useOrderFulfillMutation } from '../api/order-fulfill-mutation';
import { useRequestKey } from '../../../lib/idempotency-key';
import {
  defaultFulfillValues,
  formErrorsOf,
  fulfillRequest,
  fulfillSchema,
  linesToShip,
  OTHER_CARRIER,
  stockLookupIds,
  stockShortfall,
  type FulfillRequest,
  type FulfillValues,
} from './fulfill-plan';
import { items } from './order-words';

type Order = NonNullable<OrderFulfillPageQuery['order']>;
type Locations = OrderFulfillPageQuery['locations'];

const quantityOf = (q: number | '') => (q === '' ? 0 : q);

type StockNode = FulfillStockQuery['nodes'][number];
type VariantStock = Extract<NonNullable<StockNode>, { inventoryLevels: unknown }>;
const isVariantStock = (n: StockNode): n is VariantStock => n !== null && 'inventoryLevels' in n;

/**
 * The lines still to ship, each with the stock of its variant at every location once that has
 * loaded (until then, or for variants past what one lookup may ask, no warnings: the server decides).
 */
function useLinesWithStock(order: Order, locationCount: number) {
  const toShip = linesToShip(order.lines);
  const stock = useFulfillStockQuery(
    stockLookupIds(
      toShip.map((l) => l.variant?.id),
      locationCount,
    ),
  );
  const byVariant = new Map((stock.data?.nodes ?? []).filter(isVariantStock).map((n) => [n.id, n]));
  return toShip.map((l) => ({ ...l, variant: (l.variant && byVariant.get(l.variant.id)) ?? null }));
}

/**
 * The fulfill page's state and submit (react-admin's useEditController is the model): the lines
 * still to ship with their stock, the form checked before sending, the shipment sent through
 * useCommand, and the server's refusals put under the line, location or carrier they name.
 */
export function useFulfillEditor(order: Order, all: Locations) {
  const navigate = useNavigate();
  const [fulfill] = useOrderFulfillMutation();
  const [notify, setNotify] = useState(true);
  const locations = all.filter((l) => l.active);
  const lines = useLinesWithStock(order, all.length);

  const keyOf = useRequestKey();
  const command = useCommand({
    mutate: async ({ input }: FulfillRequest) => {
      const request = { ...input, notifyCustomer: notify && Boolean(order.email) };
      // One shipment per submit: a double click or a retry after a lost answer ships once.
      return (await fulfill({ variables: { input: { ...request, idempotencyKey: keyOf(request) } } })).data
        ?.orderFulfill;
    },
    success: ({ fulfillment }, { input }) => ({
      title: `${fulfillment?.name ?? order.name} shipped`,
      message: `${items(input.lines.reduce((n, l) => n + l.quantity, 0))} fulfilled.`,
    }),
    onDone: () => void navigate(`/orders/${order.id}`),
  });

  const form = useZodForm<FulfillValues>({
    schema: fulfillSchema(lines.map((l) => l.unfulfilledQuantity)),
    defaultValues: defaultFulfillValues(lines, locations),
    onSubmit: async (values) => {
      const request = fulfillRequest(order.id, values);
      const errors = await command.submit(request);
      if (errors.length === 0) return [];
      const shortLines = values.lines.flatMap((l, i) =>
        stockShortfall(lines[i]!, values.locationId, quantityOf(l.quantity)) === null ? [] : [i],
      );
      return formErrorsOf(errors, request.formIndex, {
        otherCarrier: values.carrier === OTHER_CARRIER,
        shortLines,
      });
    },
  });
  const values = useWatch({ control: form.control }) as FulfillValues;
  const locationName = locations.find((l) => l.id === values.locationId)?.name ?? 'this location';
  const linesError = form.formState.errors.lines;

  /** Why this location may not have enough of line `i`, before the server says so; null when it has. */
  const shortMessage = (i: number): string | null => {
    const line = lines[i]!;
    const has = stockShortfall(line, values.locationId, quantityOf(values.lines[i]?.quantity ?? 0));
    if (has === null) return null;
    const what = line.location?.id === values.locationId ? 'on hand' : 'available';
    return `Only ${has} ${what} at ${locationName}. Ship fewer, or from another location.`;
  };

  return {
    form,
    values,
    lines,
    locations,
    /** Units chosen to ship, in all. */
    shipping: values.lines.reduce((n, l) => n + quantityOf(l.quantity), 0),
    /** A message about the lines as a whole ("Choose at least one item to fulfill."). */
    linesMessage: linesError?.message ?? linesError?.root?.message,
    /** Other locations where some of these lines' stock is reserved. */
    reservedElsewhere: [
      ...new Set(
        lines.filter((l) => l.location && l.location.id !== values.locationId).map((l) => l.location!.name),
      ),
    ],
    shortMessage,
    /** Email the customer the shipping confirmation (when the order has an email). */
    notify,
    setNotify,
  };
}
