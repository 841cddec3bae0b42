// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRefundPageQuery } from '../../../gql/graphql';
import { TRANSPORT_MESSAGES } from '../../../lib/errors';
import { installDomShims } from '../../../test-support/dom';
import { editorWrapper, fakeServer, type Answer } from '../../../test-support/editor';
import { useRefundEditor } from './use-refund-editor';

type Order = NonNullable<OrderRefundPageQuery['order']>;
type Line = Order['lines'][number];

const usd = (amount: string) => ({ __typename: 'Money', amount, currencyCode: 'USD' });

const line = (over: Partial<Line>): Line => ({
  id: 'l1',
  productTitle: 'Oak chair',
  variantTitle: 'Natural',
  sku: null,
  imageUrl: null,
  quantity: 2,
  refundedQuantity: 0,
  fulfilledQuantity: 2,
  unfulfilledQuantity: 0,
  unitPrice: { amount: '40.00', currencyCode: 'USD' },
  location: { id: 'wh', name: 'Warehouse' },
  variant: { id: 'v1' },
  ...over,
});

const order: Order = {
  id: 'o1',
  name: '#1001',
  email: 'ada@example.com',
  status: 'OPEN',
  paymentStatus: 'PAID',
  availableActions: [],
  totalPaid: { amount: '85.00', currencyCode: 'USD' },
  totalRefunded: { amount: '0.00', currencyCode: 'USD' },
  lines: [line({}), line({ id: 'l2', productTitle: 'Gift wrap', location: null, variant: null })],
};

/** The server's figures: `amount` suggested, 85.00 refundable, 5.00 of shipping left. */
function figures(amount: string, unitsBackInStock: number, userErrors: unknown[] = []) {
  return {
    order: {
      __typename: 'Order',
      id: 'o1',
      suggestedRefund: {
        __typename: 'SuggestedRefund',
        subtotal: usd(amount),
        discount: usd('0.00'),
        tax: usd('0.00'),
        shipping: usd('0.00'),
        total: usd(amount),
        amount: usd(amount),
        maximumRefundable: usd('85.00'),
        shippingRefundable: usd('5.00'),
        shippingTaxRefundable: usd('0.00'),
        unitsBackInStock,
        userErrors,
      },
    },
  };
}

const userError = (field: string[] | null, message: string) => ({
  __typename: 'UserError',
  field,
  message,
  code: 'INVALID',
});

const suggest: Answer = (variables) => {
  const lines = variables.lines as { quantity: number }[];
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  return figures(`${units * 40}.00`, units);
};

function setUp(answers: Record<string, Answer>) {
  const server = fakeServer({ SuggestedRefund: suggest, ...answers });
  const { wrapper, router } = editorWrapper(server.client, '/orders/o1/refund');
  const { result } = renderHook(() => useRefundEditor(order), { wrapper });
  return { result, server, router };
}

const chooseTwoChairs = (result: { current: ReturnType<typeof useRefundEditor> }) =>
  act(() => result.current.setChoice('l1', { quantity: 2, restock: true, locationId: 'wh' }));

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

describe('useRefundEditor', () => {
  it('asks the server for its figures again after a change, keeping the old ones, marked stale, meanwhile', async () => {
    const { result, server } = setUp({});
    await waitFor(() => expect(result.current.figures?.amount.amount).toBe('0.00'));
    expect(result.current.stale).toBe(false);
    expect(result.current.nothingChosen).toBe(true);
    expect(result.current.nothing).toBe(true);

    chooseTwoChairs(result);
    act(() => result.current.setShipping(' 5.00 '));
    expect(result.current.stale).toBe(true);
    expect(result.current.figures?.amount.amount).toBe('0.00');
    await waitFor(() => expect(result.current.figures?.amount.amount).toBe('80.00'));
    expect(result.current.stale).toBe(false);
    expect(server.variablesOf('SuggestedRefund')).toEqual([
      { id: 'o1', lines: [], shipping: null },
      { id: 'o1', lines: [{ lineId: 'l1', quantity: 2, restock: true, locationId: 'wh' }], shipping: '5.00' },
    ]);
    // The amount follows the suggestion until the person types one.
    expect(result.current.amountText).toBe('80.00');
    expect(result.current.amountMinor).toBe(8000);
    expect(result.current.nothing).toBe(false);
  });

  it('checks the amount: readable, and no more than was paid and not yet refunded', async () => {
    const { result } = setUp({});
    await waitFor(() => expect(result.current.figures).not.toBeNull());
    act(() => result.current.setAmount('lots'));
    expect(result.current.amountProblem).toBe('Enter an amount like 12.50.');
    act(() => result.current.setAmount('85.01'));
    expect(result.current.amountProblem).toBe(
      'At most $85.00 can be refunded: what was paid and not yet refunded.',
    );
    act(() => result.current.setAmount('20'));
    expect(result.current.amountProblem).toBeNull();
    expect(result.current.nothing).toBe(false);
    act(() => result.current.setAmount(null));
    expect(result.current.amountText).toBe('0.00');
  });

  it('a refund of no money and no units back in stock is nothing to refund (issue #26 §1.1)', async () => {
    const { result } = setUp({ SuggestedRefund: () => figures('0.00', 0) });
    // Gift wrap: a custom line, chosen, but it gives nothing back.
    act(() => result.current.setChoice('l2', { quantity: 1, restock: false, locationId: null }));
    await waitFor(() => expect(result.current.stale).toBe(false));
    expect(result.current.nothingChosen).toBe(false);
    expect(result.current.nothing).toBe(true);
  });

  it('sends the refund with one key per request, and puts the refusal next to the line it names', async () => {
    const { result, server } = setUp({
      OrderRefund: () => ({
        orderRefund: {
          __typename: 'OrderRefundPayload',
          order: null,
          refund: null,
          userErrors: [
            userError(['input', 'lines', '0', 'quantity'], 'Only 1 left to refund.'),
            userError(['input', 'reason'], 'Use at most 500 characters.'),
            userError(null, 'The payment provider is down.'),
          ],
        },
      }),
    });
    chooseTwoChairs(result);
    act(() => result.current.setReason('  Scratched  '));
    await waitFor(() => expect(result.current.amountText).toBe('80.00'));
    await act(() => result.current.submit());
    await act(() => result.current.submit());
    const [first, again] = server.variablesOf('OrderRefund') as { input: { idempotencyKey: string } }[];
    expect(first).toEqual({
      input: {
        orderId: 'o1',
        lines: [{ lineId: 'l1', quantity: 2, restock: true, locationId: 'wh' }],
        shipping: null,
        amount: '80.00',
        reason: 'Scratched',
        notifyCustomer: true,
        idempotencyKey: first!.input.idempotencyKey,
      },
    });
    expect(first!.input.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(again!.input.idempotencyKey).toBe(first!.input.idempotencyKey);
    expect(result.current.errors).toEqual({
      lines: { l1: 'Only 1 left to refund.' },
      reason: 'Use at most 500 characters.',
      other: ['The payment provider is down.'],
    });
    expect(shown).not.toHaveBeenCalled();

    // A change takes the refusal away; a different request gets a new key.
    act(() => result.current.setAmount('50.00'));
    expect(result.current.errors).toEqual({ lines: {}, other: [] });
    await act(() => result.current.submit());
    const third = server.variablesOf('OrderRefund')[2] as {
      input: { idempotencyKey: string; amount: string };
    };
    expect(third.input.amount).toBe('50.00');
    expect(third.input.idempotencyKey).not.toBe(first!.input.idempotencyKey);
  });

  it('says what the refund did and goes back to the order; a failure to reach the server is said above', async () => {
    let reachable = false;
    const { result, router } = setUp({
      OrderRefund: () =>
        reachable
          ? {
              orderRefund: {
                __typename: 'OrderRefundPayload',
                order: null,
                refund: { __typename: 'Refund', id: 'r1', amount: usd('80.00') },
                userErrors: [],
              },
            }
          : new TypeError('Failed to fetch'),
    });
    chooseTwoChairs(result);
    await waitFor(() => expect(result.current.amountText).toBe('80.00'));
    await act(() => result.current.submit());
    expect(result.current.errors.other).toEqual([TRANSPORT_MESSAGES.network]);
    expect(result.current.submitting).toBe(false);

    reachable = true;
    await act(() => result.current.submit());
    expect(shown).toHaveBeenCalledWith({
      color: 'green',
      title: 'Refunded $80.00',
      message: '#1001: the refund is recorded.',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/o1'));
  });

  it('a refund of items alone says they are back in stock, not "Refunded $0.00"', async () => {
    const { result } = setUp({
      OrderRefund: () => ({
        orderRefund: {
          __typename: 'OrderRefundPayload',
          order: null,
          refund: { __typename: 'Refund', id: 'r1', amount: usd('0.00') },
          userErrors: [],
        },
      }),
    });
    chooseTwoChairs(result);
    act(() => result.current.setAmount('0'));
    await act(() => result.current.submit());
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ title: 'Items back in stock' }));
  });
});
