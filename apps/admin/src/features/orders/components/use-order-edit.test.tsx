// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderEditPageQuery } from '../../../gql/graphql';
import { installDomShims } from '../../../test-support/dom';
import { editorWrapper, fakeServer, type Answer } from '../../../test-support/editor';
import { useOrderEdit } from './use-order-edit';

type Order = NonNullable<OrderEditPageQuery['order']>;
type Line = Order['lines'][number];

const usd = (amount: string) => ({ __typename: 'Money', amount, currencyCode: 'USD' });

const line = (over: Partial<Line>): Line => ({
  id: 'l1',
  productTitle: 'Linen Shirt',
  variantTitle: 'M',
  sku: 'SHIRT-M',
  imageUrl: null,
  custom: false,
  quantity: 3,
  fulfilledQuantity: 2,
  refundedQuantity: 0,
  unitPrice: { amount: '10.00', currencyCode: 'USD' },
  location: { id: 'wh', name: 'Main warehouse' },
  ...over,
});

const order: Order = {
  id: 'o1',
  name: '#1001',
  email: 'mia@example.com',
  status: 'OPEN',
  version: 7,
  availableActions: ['EDIT'],
  currencyCode: 'USD',
  subtotal: { amount: '40.00', currencyCode: 'USD' },
  total: { amount: '45.00', currencyCode: 'USD' },
  shippingAddress: { countryCode: 'US' },
  shippingLine: { name: 'Standard', price: { amount: '5.00', currencyCode: 'USD' } },
  discountCode: null,
  lines: [
    line({}),
    line({ id: 'l2', productTitle: 'Oak Board', variantTitle: 'Default', fulfilledQuantity: 0, quantity: 1 }),
  ],
};

/** The server's figures: `outstanding` owed after the edit. */
function calculation(total: string, outstanding: string, userErrors: unknown[] = []) {
  return {
    orderEditCalculate: {
      __typename: 'OrderEditCalculatePayload',
      calculation: {
        __typename: 'OrderEditCalculation',
        subtotal: usd('40.00'),
        discountTotal: usd('0.00'),
        shippingTotal: usd('5.00'),
        taxTotal: usd('0.00'),
        total: usd(total),
        previousTotal: usd('45.00'),
        shippingLine: { __typename: 'OrderShippingLine', name: 'Standard' },
        discountCode: null,
        discountMinimumNotMet: false,
        stockChanges: [],
        totalPaid: usd('45.00'),
        outstanding: usd(outstanding),
        suggestedRefund: usd('0.00'),
        totalCapturable: usd('0.00'),
      },
      userErrors,
    },
  };
}

const userError = (field: string[] | null, message: string, code = 'INVALID') => ({
  __typename: 'UserError',
  field,
  message,
  code,
});

const calculate: Answer = (variables) => {
  const changes = variables.changes as Record<string, unknown>;
  return Object.keys(changes).length ? calculation('55.00', '10.00') : calculation('45.00', '0.00');
};

const edited = (userErrors: unknown[]) => () => ({
  orderEdit: { __typename: 'OrderEditPayload', order: null, userErrors },
});

function setUp(answers: Record<string, Answer>, onStale = vi.fn()) {
  const server = fakeServer({ OrderEditCalculate: calculate, ...answers });
  const { wrapper, router } = editorWrapper(server.client, '/orders/o1/edit');
  const { result } = renderHook(() => useOrderEdit(order, onStale), { wrapper });
  return { result, server, router, onStale };
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

describe('useOrderEdit', () => {
  it('asks for no figures until something changes, then for those of the changes, and waits for a reason', async () => {
    const { result, server } = setUp({});
    // The server answers an empty edit with "Nothing to change.": it is not asked.
    await new Promise((r) => setTimeout(r, 400));
    expect(result.current.figures).toBeNull();
    expect(result.current.loadingFigures).toBe(false);
    expect(result.current.errors.other).toEqual([]);
    expect(server.variablesOf('OrderEditCalculate')).toEqual([]);
    expect(result.current.changed).toBe(false);
    expect(result.current.canSubmit).toBe(false);

    act(() => result.current.setQuantity('l1', 2));
    act(() => result.current.setShipping({ kind: 'rate', rateId: 'express' }));
    expect(result.current.loadingFigures).toBe(true);
    await waitFor(() => expect(result.current.figures?.outstanding.amount).toBe('10.00'));
    expect(server.variablesOf('OrderEditCalculate')).toEqual([
      {
        orderId: 'o1',
        changes: { setQuantities: [{ orderLineId: 'l1', quantity: 2 }], shipping: { rateId: 'express' } },
      },
    ]);
    expect(result.current.changed).toBe(true);
    expect(result.current.canSubmit).toBe(false);
    act(() => result.current.setReason('  Swapped by phone '));
    expect(result.current.canSubmit).toBe(true);
  });

  it("puts the calculation's userErrors next to the line they name", async () => {
    const { result } = setUp({
      OrderEditCalculate: (variables) =>
        Object.keys(variables.changes as object).length
          ? calculation('55.00', '10.00', [
              userError(['changes', 'setPrices', '0', 'reason'], 'Say why.', 'REQUIRED'),
            ])
          : calculation('45.00', '0.00'),
    });
    act(() => result.current.setPrice('l2', { price: '5.00', reason: '' }));
    await waitFor(() => expect(result.current.errors.prices).toEqual({ l2: 'Say why.' }));
  });

  it('sends the edit at the version read, with one key for the page, and places the refusal', async () => {
    const { result, server } = setUp({
      OrderEdit: edited([
        userError(['input', 'changes', 'addVariants', '0', 'quantity'], 'Only 0 left at Main warehouse.'),
        userError(['input', 'reason'], 'Use at most 500 characters.'),
      ]),
    });
    act(() =>
      result.current.addVariant({ variantId: 'cap', title: 'Wool Cap', sku: 'CAP-1', price: usd('10.00') }),
    );
    act(() => result.current.setReason(' Add a cap '));
    await act(() => result.current.submit());
    act(() => result.current.setReason('Add a cap'));
    await act(() => result.current.submit());
    const [first, again] = server.variablesOf('OrderEdit') as { input: { idempotencyKey: string } }[];
    expect(first).toEqual({
      input: {
        orderId: 'o1',
        expectedVersion: 7,
        changes: { addVariants: [{ variantId: 'cap', quantity: 1 }] },
        reason: 'Add a cap',
        notifyCustomer: false,
        idempotencyKey: first!.input.idempotencyKey,
      },
    });
    expect(again!.input.idempotencyKey).toBe(first!.input.idempotencyKey);
    const key = result.current.state.added[0]!.key;
    expect(result.current.errors.added).toEqual({ [key]: 'Only 0 left at Main warehouse.' });
    expect(result.current.errors.reason).toBe('Use at most 500 characters.');
    expect(shown).not.toHaveBeenCalled();
  });

  it('says the order changed meanwhile, and Reload asks the page to read it again', async () => {
    const { result, onStale } = setUp({
      OrderEdit: edited([
        userError(null, 'Someone changed this order after you opened it.', 'STALE_VERSION'),
      ]),
    });
    act(() => result.current.setQuantity('l2', 0));
    act(() => result.current.setReason('Out of stock'));
    await act(() => result.current.submit());
    expect(result.current.stale).toBe('Someone changed this order after you opened it.');
    expect(result.current.errors.other).toEqual([]);
    act(() => result.current.reload());
    expect(onStale).toHaveBeenCalledOnce();
    expect(result.current.stale).toBeNull();
  });

  it('says the order is updated and goes back to it', async () => {
    const { result, router } = setUp({ OrderEdit: edited([]) });
    act(() => result.current.setQuantity('l2', 2));
    act(() => result.current.setNotify(true));
    act(() => result.current.setReason('One more board'));
    await act(() => result.current.submit());
    expect(shown).toHaveBeenCalledWith({
      color: 'green',
      title: 'Order updated',
      message: '#1001 is edited.',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/o1'));
  });
});
