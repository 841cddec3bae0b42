// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderFulfillPageQuery } from '../../../gql/graphql';
import { installDomShims } from '../../../test-support/dom';
import { editorWrapper, fakeServer, type Answer } from '../../../test-support/editor';
import { useFulfillEditor } from './use-fulfill-editor';

type Order = NonNullable<OrderFulfillPageQuery['order']>;
type Line = Order['lines'][number];

const WAREHOUSE = { id: 'wh', name: 'Warehouse' };
const SHOP = { id: 'shop', name: 'Shop' };

const line = (over: Partial<Line>): Line => ({
  id: 'l1',
  productTitle: 'Oak chair',
  variantTitle: 'Natural',
  sku: null,
  imageUrl: null,
  quantity: 3,
  unfulfilledQuantity: 3,
  location: WAREHOUSE,
  variant: { id: 'v1' },
  ...over,
});

const order: Order = {
  id: 'o1',
  name: '#1001',
  email: 'ada@example.com',
  status: 'OPEN',
  fulfillmentStatus: 'UNFULFILLED',
  availableActions: [],
  shippingAddress: null,
  lines: [
    line({}),
    line({ id: 'l2', productTitle: 'Lamp', quantity: 1, unfulfilledQuantity: 1, variant: { id: 'v2' } }),
    line({ id: 'l3', productTitle: 'Shipped rug', unfulfilledQuantity: 0 }),
  ],
};

const locations = [
  { ...WAREHOUSE, active: true },
  { ...SHOP, active: true },
  { id: 'old', name: 'Old depot', active: false },
];

/** The chair: 2 on hand at the warehouse (its 3 reserved there), 5 available at the shop. */
const stock: Answer = () => ({
  nodes: [
    {
      __typename: 'ProductVariant',
      id: 'v1',
      trackInventory: true,
      allowBackorder: false,
      inventoryLevels: [
        {
          __typename: 'InventoryLevel',
          id: 'lv1',
          onHand: 2,
          available: 0,
          location: { __typename: 'Location', id: 'wh' },
        },
        {
          __typename: 'InventoryLevel',
          id: 'lv2',
          onHand: 5,
          available: 5,
          location: { __typename: 'Location', id: 'shop' },
        },
      ],
    },
    {
      __typename: 'ProductVariant',
      id: 'v2',
      trackInventory: false,
      allowBackorder: false,
      inventoryLevels: [],
    },
  ],
});

const userError = (field: string[] | null, message: string, code = 'INVALID') => ({
  __typename: 'UserError',
  field,
  message,
  code,
  relatedId: null,
});

function setUp(answers: Record<string, Answer>) {
  const server = fakeServer({ FulfillStock: stock, ...answers });
  const { wrapper, router } = editorWrapper(server.client, '/orders/o1/fulfill');
  const { result } = renderHook(() => useFulfillEditor(order, locations), { wrapper });
  return { result, server, router };
}

let shown: ReturnType<typeof vi.fn<(n: unknown) => void>>;
beforeAll(installDomShims);
beforeEach(() => {
  shown = vi.fn<(n: unknown) => void>();
  vi.spyOn(notifications, 'show').mockImplementation((n) => {
    shown(n);
    return 'toast';
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useFulfillEditor', () => {
  it('lists the lines still to ship, from where they are reserved, and warns of stock short before sending', async () => {
    const { result, server } = setUp({});
    expect(result.current.lines.map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(result.current.locations.map((l) => l.id)).toEqual(['wh', 'shop']);
    expect(result.current.values.locationId).toBe('wh');
    expect(result.current.shipping).toBe(4);
    expect(server.variablesOf('FulfillStock')).toEqual([{ ids: ['v1', 'v2'] }]);
    await waitFor(() =>
      expect(result.current.shortMessage(0)).toBe(
        'Only 2 on hand at Warehouse. Ship fewer, or from another location.',
      ),
    );
    // Untracked: the server does not count it.
    expect(result.current.shortMessage(1)).toBeNull();

    act(() => result.current.form.setValue('locationId', 'shop'));
    expect(result.current.shortMessage(0)).toBeNull();
    expect(result.current.reservedElsewhere).toEqual(['Warehouse']);
  });

  it('checks the form before sending: nothing chosen, or more than is left, sends nothing', async () => {
    const { result, server } = setUp({});
    act(() => {
      result.current.form.setValue('lines.0.quantity', 0);
      result.current.form.setValue('lines.1.quantity', 0);
    });
    expect(result.current.shipping).toBe(0);
    await act(() => result.current.form.submit());
    expect(result.current.linesMessage).toBe('Choose at least one item to fulfill.');
    act(() => result.current.form.setValue('lines.0.quantity', 4, { shouldValidate: true }));
    await act(() => result.current.form.submit());
    expect(result.current.form.formState.errors.lines?.[0]?.quantity?.message).toBe(
      'Ship a whole number from 0 to 3.',
    );
    expect(server.variablesOf('OrderFulfill')).toEqual([]);
  });

  it('sends the lines chosen with the carrier typed, says what shipped and goes back to the order', async () => {
    const { result, server, router } = setUp({
      OrderFulfill: () => ({
        orderFulfill: {
          __typename: 'OrderFulfillPayload',
          order: null,
          fulfillment: { __typename: 'Fulfillment', id: 'f1', name: '#1001-F1' },
          userErrors: [],
        },
      }),
    });
    act(() => {
      result.current.form.setValue('lines.0.quantity', 0);
      result.current.form.setValue('carrier', 'OTHER');
      result.current.form.setValue('otherCarrier', ' Bike courier ');
      result.current.form.setValue('trackingNumber', ' B-1 ');
      result.current.form.setValue('trackingUrl', 'https://bikes.example/B-1');
    });
    await act(() => result.current.form.submit());
    // One key per submit: a double click or a lost answer ships once (orderFulfill's key).
    const key = (server.variablesOf('OrderFulfill')[0] as { input: { idempotencyKey: unknown } }).input
      .idempotencyKey;
    expect(key).toMatch(/^[\w-]{16,}$/);
    expect(server.variablesOf('OrderFulfill')).toEqual([
      {
        input: {
          orderId: 'o1',
          locationId: 'wh',
          lines: [{ lineId: 'l2', quantity: 1 }],
          carrier: 'Bike courier',
          trackingNumber: 'B-1',
          trackingUrl: 'https://bikes.example/B-1',
          notifyCustomer: true,
          idempotencyKey: key,
        },
      },
    ]);
    expect(shown).toHaveBeenCalledWith({
      color: 'green',
      title: '#1001-F1 shipped',
      message: '1 item fulfilled.',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/o1'));
  });

  it('puts the server refusals under the line and carrier box they name, and the rest above the form', async () => {
    const { result } = setUp({
      OrderFulfill: () => ({
        orderFulfill: {
          __typename: 'OrderFulfillPayload',
          order: null,
          fulfillment: null,
          userErrors: [
            // The first line was left out: the server's line 0 is the form's line 1.
            userError(['input', 'lines', '0', 'quantity'], 'Only 0 left to ship.'),
            userError(['input', 'carrier'], 'Use at most 255 characters.'),
            userError(null, 'The order changed; reload it.'),
          ],
        },
      }),
    });
    act(() => {
      result.current.form.setValue('lines.0.quantity', 0);
      result.current.form.setValue('carrier', 'OTHER');
      result.current.form.setValue('otherCarrier', 'Bikes');
    });
    await act(() => result.current.form.submit());
    const errors = result.current.form.formState.errors;
    expect(errors.lines?.[1]?.quantity?.message).toBe('Only 0 left to ship.');
    expect(errors.lines?.[0]?.quantity).toBeUndefined();
    expect(errors.otherCarrier?.message).toBe('Use at most 255 characters.');
    expect(result.current.form.formErrors).toEqual(['The order changed; reload it.']);
    expect(shown).not.toHaveBeenCalled();
  });

  it('a stock refusal the server could not pin to a line goes to the line this page found short', async () => {
    const { result } = setUp({
      OrderFulfill: () => ({
        orderFulfill: {
          __typename: 'OrderFulfillPayload',
          order: null,
          fulfillment: null,
          userErrors: [userError(null, 'Not enough stock at Warehouse.', 'INSUFFICIENT_STOCK')],
        },
      }),
    });
    await waitFor(() => expect(result.current.shortMessage(0)).not.toBeNull());
    await act(() => result.current.form.submit());
    expect(result.current.form.formState.errors.lines?.[0]?.quantity?.message).toBe(
      'Not enough stock at Warehouse.',
    );
    expect(result.current.form.formErrors).toEqual([]);
  });
});
