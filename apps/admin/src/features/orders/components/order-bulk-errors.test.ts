import { describe, expect, it } from 'vitest';
import { orderBulkErrors } from './order-bulk-errors';

const sent = [
  { id: 'ord_a', name: '#1001' },
  { id: 'ord_b', name: '#1002' },
  { id: 'ord_c', name: '#1003' },
];

describe('orderBulkErrors', () => {
  it('names the order each refusal is about, by its place in the ids sent', () => {
    const errors = orderBulkErrors(
      [
        { code: 'INVALID', message: '#1002: Nothing is left to fulfill.', field: ['ids', '1'] },
        { code: 'INSUFFICIENT_STOCK', message: 'Only 1 Mug is available here.', field: ['ids', '2'] },
      ],
      sent,
    );
    expect(errors).toEqual([
      { order: { id: 'ord_b', name: '#1002' }, message: 'Nothing is left to fulfill.' },
      { order: { id: 'ord_c', name: '#1003' }, message: 'Only 1 Mug is available here.' },
    ]);
  });

  it('keeps refusals of the whole command, or of an order it cannot place, without a name', () => {
    expect(
      orderBulkErrors(
        [
          { code: 'INVALID', message: 'This location is not active.', field: ['locationId'] },
          { code: 'REQUIRED', message: 'Choose at least one order.', field: ['ids'] },
          { code: 'INVALID', message: 'This order does not exist.', field: ['ids', '9'] },
          { code: 'REQUIRED', message: 'Choose what to change.', field: null },
        ],
        sent,
      ).map((e) => e.order),
    ).toEqual([null, null, null, null]);
  });
});
